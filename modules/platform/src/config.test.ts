import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { company } from './company.ts';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'kw-config-'));

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.adminUsername).toBe('admin');
    expect(config.mailDir).toBe(path.join(dir, 'mail'));
    // The owner's notices go to the company's address, as the README says, unless ADMIN_EMAIL
    // names another.
    expect(config.adminEmail).toBe(company.email);
    expect(loadConfig({ DATA_DIR: dir, ADMIN_EMAIL: 'owner@example.ca' }).adminEmail).toBe(
      'owner@example.ca',
    );
  });

  it('generates the JWT secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
  });

  it('keys data encrypted at rest from DATA_KEY, or else from the JWT secret', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).dataKey).toBe(loadConfig({ DATA_DIR: dir }).jwtSecret);
    const key = 'a-data-key-of-at-least-32-characters-0000';
    expect(loadConfig({ DATA_DIR: dir, DATA_KEY: key }).dataKey).toBe(key);
  });

  it.each([
    ['PORT', 'eighty', 'PORT'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL'],
    ['PUBLIC_URL', 'not a url', 'PUBLIC_URL'],
    ['JWT_SECRET', 'short', 'JWT_SECRET'],
    ['DATA_KEY', 'short', 'DATA_KEY'],
    ['SMTP_URL', 'http://mail', 'SMTP_URL'],
    ['ADMIN_EMAIL', 'nobody', 'ADMIN_EMAIL'],
    ['ADMIN_PASSWORD', '12345', 'ADMIN_PASSWORD'],
  ])('a bad %s stops start-up with a message naming it', (variable, value, named) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [variable]: value })).toThrow(
      new RegExp(`${named}:`),
    );
  });

  it('an ADMIN_PASSWORD longer than sign-in takes (200 characters) stops start-up: the owner could not sign in with it', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_PASSWORD: 'x'.repeat(201) })).toThrow(
      /ADMIN_PASSWORD: must be at most 200 characters/,
    );
    const longest = 'xy'.repeat(100);
    expect(loadConfig({ DATA_DIR: dataDir(), ADMIN_PASSWORD: longest }).adminPassword).toBe(
      longest,
    );
  });

  it('drops a trailing slash from PUBLIC_URL so canonical links are clean', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://example.ca/' }).publicUrl).toBe(
      'https://example.ca',
    );
  });

  it('TRUST_PROXY: none by default, a hop count, or a list of proxy addresses and ranges', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'none' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(
      loadConfig({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' })
        .trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it.each([
    ['true', /trusting every proxy/],
    ['*', /trusting every proxy/],
    ['11', /at most 10/],
    ['10.0.0.0/33', /"10.0.0.0\/33" is not an IP address or CIDR range/],
    ['127.0.0.1, proxy.example.ca', /"proxy.example.ca" is not an IP address/],
    ['-1', /"-1" is not an IP address/],
  ])('TRUST_PROXY=%s stops start-up naming the variable', (value, why) => {
    let message = '';
    try {
      loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/TRUST_PROXY: /);
    expect(message).toMatch(why);
  });
});
