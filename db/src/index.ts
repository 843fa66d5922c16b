import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '@kw/platform';
import type { Knex } from 'knex';

const migrationsDir = new URL('../migrations/', import.meta.url);

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

interface MigrationFile {
  name: string;
  url: URL;
}

/**
 * Migrations are the .ts files of db/migrations and of the folders modules name
 * (ServerModule.migrations), in name order across all of them; never edit one once merged.
 */
function migrationSource(moduleDirs: readonly URL[]): Knex.MigrationSource<MigrationFile> {
  return {
    async getMigrations() {
      const files = new Map<string, MigrationFile>();
      for (const dir of [migrationsDir, ...moduleDirs]) {
        for (const name of readdirSync(fileURLToPath(dir))) {
          if (!/^\d{8}_\d{4}_[\w-]+\.ts$/.test(name)) continue;
          if (files.has(name)) throw new Error(`Two migrations are named ${name}`);
          files.set(name, { name, url: new URL(name, dir) });
        }
      }
      return [...files.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
    },
    getMigrationName(file) {
      return file.name;
    },
    async getMigration(file) {
      return (await import(file.url.href)) as Migration;
    },
  };
}

export async function migrateLatest(db: Db, moduleDirs: readonly URL[] = []): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({
    migrationSource: migrationSource(moduleDirs),
  })) as [number, string[]];
  return applied;
}

/**
 * The migrations not applied yet, by name (every one on a database never migrated). Reads
 * only: the API and the worker check this at start-up and leave migrating to `make migrate`.
 */
export async function pendingMigrations(
  db: Db,
  moduleDirs: readonly URL[] = [],
): Promise<string[]> {
  const source = migrationSource(moduleDirs);
  const all = (await source.getMigrations([])).map((m) => source.getMigrationName(m));
  const table = await db.raw<{ rows: { exists: boolean }[] }>(
    "select to_regclass('knex_migrations') is not null as exists",
  );
  if (!table.rows[0]?.exists) return all;
  const done = new Set<string>(await db('knex_migrations').pluck('name'));
  return all.filter((name) => !done.has(name));
}

export { seedDemoContent } from './seed.ts';
