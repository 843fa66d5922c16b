import type { Db, EventStore, Trx } from '@kw/platform';

/** The administrator's credentials: not a projection, since the hash is never an event. */
export const CREDENTIALS = 'admin_credentials';

export interface AuthDeps {
  db: Db;
  store: EventStore;
  jwtSecret: string;
  /** DATA_KEY, or the JWT secret: what the two-factor secret's key is derived from. */
  dataKey: string;
}

export interface CredentialsRow {
  username: string;
  password_hash: string;
  /** The TOTP secret, sealed (AES-256-GCM, secret-box.ts), while two-factor sign-in is on. */
  totp_secret: string | null;
  /** The secret shown by a set-up not yet confirmed with a code. */
  totp_pending_secret: string | null;
  totp_enabled_at: Date | null;
  /** The time step of the last code accepted: a code works once. */
  totp_last_step: number | null;
  /** Keyed hashes of the recovery codes not used yet. */
  recovery_code_hashes: string[];
}

export function findCredentials(db: Db | Trx, username: string) {
  return db<CredentialsRow>(CREDENTIALS).where({ username: username.toLowerCase() }).first();
}
