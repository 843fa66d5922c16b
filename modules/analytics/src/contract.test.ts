import { describe, expect, it } from 'vitest';
import { isTrackable } from './contract.ts';

describe('which pages the tracker reports', () => {
  it.each([
    ['www.grandriverdigital.ca', '/', true],
    ['www.grandriverdigital.ca', '/services', true],
    ['www.grandriverdigital.ca', '/administration-tips', true],
    ['localhost', '/', false],
    ['app.localhost', '/', false],
    ['127.0.0.1', '/', false],
    ['192.168.1.20', '/contact', false],
    ['[::1]', '/', false],
    ['my-site.replit.app', '/', false],
    ['abc.REPLIT.dev', '/', false],
    ['www.grandriverdigital.ca', '/admin', false],
    ['www.grandriverdigital.ca', '/admin/blog', false],
  ])('host %s, path %s: %s', (host, path, expected) => {
    expect(isTrackable(host, path)).toBe(expected);
  });
});

describe('the optional third-party tracker id', () => {
  it('accepts a Google Analytics id and refuses anything else, naming the variable', async () => {
    const { loadConfig } = await import('@kw/platform');
    const base = { DATA_DIR: '/tmp/kw-analytics-config', JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig({ ...base, ANALYTICS_TRACKER_ID: 'G-ABC123' }).analyticsTrackerId).toBe(
      'G-ABC123',
    );
    expect(loadConfig(base).analyticsTrackerId).toBeUndefined();
    expect(() => loadConfig({ ...base, ANALYTICS_TRACKER_ID: '<script>' })).toThrow(
      /ANALYTICS_TRACKER_ID/,
    );
  });
});
