import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { company } from './company.ts';
import { PASSWORD_LENGTH } from './contract.ts';
import { usePersonalDataKey } from './personal-data/keys.ts';

/** Every setting the processes read from the environment, validated once at start-up. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://example.ca' }).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** What data kept encrypted at rest (the two-factor secret) is keyed from; JWT_SECRET's by default. */
  DATA_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_USERNAME: z.string().trim().min(1).max(100).default('admin'),
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_LENGTH.min, `must be at least ${PASSWORD_LENGTH.min} characters`)
    .max(PASSWORD_LENGTH.max, `must be at most ${PASSWORD_LENGTH.max} characters`)
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  ADMIN_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  /** Where /efficiency-edge sends the browser; the site data's address by default. */
  EFFICIENCY_EDGE_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  /** Script of the founder's floating AI avatar; a local placeholder without one. */
  AVATAR_WIDGET_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  /** Optional third-party web analytics id (Google Analytics 4, G-XXXXXXX). */
  ANALYTICS_TRACKER_ID: z
    .string()
    .regex(/^G-[A-Z0-9]{4,20}$/, 'must be a Google Analytics id such as G-ABC123')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which proxies' X-Forwarded-For to believe. Unset: none, the client is the socket's address.
   * A hop count (`1`: one reverse proxy in front), or a comma list of the proxies' addresses
   * and CIDR ranges (`127.0.0.1, 10.0.0.0/8`).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((value, ctx): TrustProxy => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
});

/**
 * Whose word on the client address counts: `false` (nobody's: the socket's address), a number
 * of proxy hops in front of the API, or the proxies' addresses and ranges.
 */
export type TrustProxy = false | number | string[];

/** Express's names for the address ranges it knows, accepted in TRUST_PROXY's list. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY's value, or the reason it is refused. */
export function parseTrustProxy(value: string): TrustProxy | string {
  const lower = value.toLowerCase();
  if (lower === '' || lower === 'none' || lower === 'false' || lower === '0') return false;
  if (lower === 'true' || lower === '*') {
    return 'trusting every proxy lets any client choose its address: give the number of proxies (1) or their addresses';
  }
  if (/^\d+$/.test(lower)) {
    const hops = Number(lower);
    return hops <= 10 ? hops : 'a hop count must be at most 10';
  }
  const entries = lower.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    return `"${bad}" is not an IP address or CIDR range (expected a hop count such as 1, or a list such as 127.0.0.1, 10.0.0.0/8)`;
  }
  return entries;
}

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  jwtSecret: string;
  /** Secret from which keys for data encrypted at rest are derived: DATA_KEY, else the JWT secret. */
  dataKey: string;
  adminUsername: string;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  adminEmail: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  efficiencyEdgeUrl: string | undefined;
  avatarWidgetUrl: string | undefined;
  analyticsTrackerId: string | undefined;
  /** TRUST_PROXY: how the API finds the client's address (express's 'trust proxy'). */
  trustProxy: TrustProxy;
  uploadsDir: string;
  privateDir: string;
  mailDir: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * A failure to listen on the site's port: one the operator must change (another program has it,
 * or it needs privileges) as a ConfigError saying so in one line; any other failure as it is.
 */
export function portError(host: string, port: number, error: NodeJS.ErrnoException): Error {
  if (error.code !== 'EADDRINUSE' && error.code !== 'EACCES') return error;
  const why =
    error.code === 'EADDRINUSE' ? 'another program is listening on it' : 'permission denied';
  return new ConfigError(`PORT: ${host}:${port} cannot be used (${why}); set PORT to another port`);
}

/** Reads and checks the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Blank variables (FOO=) mean "not set", as in most deployment tools.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const jwtSecret = env.JWT_SECRET ?? persistentSecret(dataDir);
  // The process's personal-data master key (crypto-shredding), from the same secret.
  usePersonalDataKey(env.DATA_KEY ?? jwtSecret);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    publicUrl,
    jwtSecret,
    dataKey: env.DATA_KEY ?? jwtSecret,
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    // The owner hears of new messages and applications at the company's address unless told
    // otherwise (as the mails come from it).
    adminEmail: env.ADMIN_EMAIL ?? company.email,
    logLevel: env.LOG_LEVEL,
    efficiencyEdgeUrl: env.EFFICIENCY_EDGE_URL,
    avatarWidgetUrl: env.AVATAR_WIDGET_URL,
    analyticsTrackerId: env.ANALYTICS_TRACKER_ID,
    trustProxy: env.TRUST_PROXY ?? false,
    uploadsDir: path.join(dataDir, 'uploads'),
    privateDir: path.join(dataDir, 'private'),
    mailDir: path.join(dataDir, 'mail'),
  };
}

/** A secret generated on first start and kept in DATA_DIR, so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
