import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resolveDatabase } from '@kw/composition';
import type { Config } from '@kw/platform';
import pg from 'pg';

// While `make run` owns the embedded PostgreSQL, it writes the URL here, so that `make seed`,
// `make backup` and the others use the running server instead of starting a second one.
const urlFile = (config: Config) => path.join(config.dataDir, 'pg-url');

export function announceDatabase(config: Config, url: string): () => void {
  writeFileSync(urlFile(config), url, { mode: 0o600 });
  return () => rmSync(urlFile(config), { force: true });
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** DATABASE_URL, the database of a running `make run`, or a freshly started embedded one. */
export async function connectDatabase(
  config: Config,
): Promise<{ url: string; stop(): Promise<void> }> {
  if (!config.databaseUrl && existsSync(urlFile(config))) {
    const url = readFileSync(urlFile(config), 'utf8').trim();
    if (await reachable(url)) return { url, stop: async () => {} };
  }
  const database = await resolveDatabase(config);
  return { url: database.url, stop: async () => database.embedded?.stop() };
}
