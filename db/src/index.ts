import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Db } from '@kw/platform';
import type { Knex } from 'knex';

const migrationsDir = fileURLToPath(new URL('../migrations/', import.meta.url));

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** Migrations are the .ts files of db/migrations, in name order; never edit one once merged. */
const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return readdirSync(migrationsDir)
      .filter((name) => /^\d{8}_\d{4}_[\w-]+\.ts$/.test(name))
      .sort();
  },
  getMigrationName(name) {
    return name;
  },
  async getMigration(name) {
    return (await import(pathToFileURL(`${migrationsDir}${name}`).href)) as Migration;
  },
};

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource })) as [number, string[]];
  return applied;
}

export { seedDemoContent } from './seed.ts';
