import { type Db, type EventMetadata, type EventStore, NotFoundError } from '@kw/platform';
import { UAParser } from 'ua-parser-js';
import { onAdminAccount } from './commands.ts';
import type { SessionSummary } from './contract.ts';
import { ADMIN_SESSIONS } from './projection.ts';
import type { SessionClaims } from './tokens.ts';

interface SessionRow {
  id: string;
  username: string;
  ip_address: string;
  user_agent: string;
  signed_in_at: Date;
  expires_at: Date;
}

/** "Chrome 126 on Windows 10", "Mobile Safari 17.0 on iOS 17.0 (Apple iPad)". */
export function deviceName(userAgent: string): string {
  if (!userAgent.trim()) return 'Unknown device';
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const app = [browser.name, browser.major].filter(Boolean).join(' ');
  const system = [os.name, os.version].filter(Boolean).join(' ');
  const hardware = [device.vendor, device.model].filter(Boolean).join(' ');
  const name = [app, system].filter(Boolean).join(' on ');
  if (!name) return userAgent.slice(0, 60);
  return hardware ? `${name} (${hardware})` : name;
}

const openSessionsOf = (db: Db, username: string, now: Date) =>
  db<SessionRow>(ADMIN_SESSIONS)
    .where({ username })
    .whereNull('ended_at')
    .andWhere('expires_at', '>', now);

/** The account's open sessions, newest first; `current` marks the one that asks. */
export async function listSessions(
  db: Db,
  caller: SessionClaims,
  now: Date = new Date(),
): Promise<SessionSummary[]> {
  const rows = await openSessionsOf(db, caller.username, now).orderBy('signed_in_at', 'desc');
  return rows.map((row) => ({
    id: row.id,
    device: deviceName(row.user_agent),
    ipAddress: row.ip_address,
    signedInAt: new Date(row.signed_in_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    current: row.id === caller.sessionId,
  }));
}

/** Logout: the session of the token ends at once (the cookie is cleared by the route). */
export async function logout(
  store: EventStore,
  session: SessionClaims,
  metadata: EventMetadata,
): Promise<void> {
  await onAdminAccount(
    store,
    {
      type: 'EndSession',
      username: session.username,
      sessionId: session.sessionId,
      reason: 'logout',
    },
    { metadata },
  );
}

/** Signs out one listed session of the account. */
export async function endOneSession(
  deps: { db: Db; store: EventStore },
  username: string,
  sessionId: string,
  metadata: EventMetadata,
  now: Date = new Date(),
): Promise<void> {
  const open = await openSessionsOf(deps.db, username, now).where({ id: sessionId }).first('id');
  if (!open) throw new NotFoundError('No such open session');
  await onAdminAccount(
    deps.store,
    { type: 'EndSession', username, sessionId, reason: 'signed-out' },
    { metadata },
  );
}

/** "Sign out everywhere": every session of the account ends, this one too. */
export async function endEverySession(
  deps: { db: Db; store: EventStore },
  username: string,
  metadata: EventMetadata,
): Promise<void> {
  await onAdminAccount(deps.store, { type: 'SignOutEverywhere', username }, { metadata });
}
