import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateLatest } from './index.ts';

// A module keeps its tables' migrations in its own folder (ServerModule.migrations).
let test: TestDatabase;
let work: string;
const folder = (name: string, files: Record<string, string>) => {
  const dir = path.join(work, name);
  mkdirSync(dir);
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return pathToFileURL(`${dir}/`);
};
// The template database has every module's own migrations applied: knex wants to see them all.
const modulesRoot = path.resolve(import.meta.dirname, '../../modules');
const moduleFolders = readdirSync(modulesRoot)
  .map((name) => path.join(modulesRoot, name, 'src/migrations'))
  .filter((dir) => existsSync(dir))
  .map((dir) => pathToFileURL(`${dir}/`));
const createTable = (table: string) =>
  `export async function up(knex) { await knex.schema.createTable('${table}', (t) => { t.text('id').primary(); }); }\nexport async function down(knex) { await knex.schema.dropTable('${table}'); }\n`;

beforeAll(async () => {
  test = await createTestDatabase();
  work = mkdtempSync(path.join(tmpdir(), 'kw-migrations-'));
});
afterAll(async () => {
  await test.drop();
  rmSync(work, { recursive: true, force: true });
});

describe("a module's own migrations", () => {
  it('are applied with db/migrations, once, and recorded by name', async () => {
    const dir = folder('probe', { '20990101_0001_probe.ts': createTable('probe_things') });
    expect(await migrateLatest(test.db, [...moduleFolders, dir])).toEqual([
      '20990101_0001_probe.ts',
    ]);
    expect(await test.db.schema.hasTable('probe_things')).toBe(true);
    expect(await migrateLatest(test.db, [...moduleFolders, dir])).toEqual([]);
  });

  it('may not share a name with another migration', async () => {
    const dir = folder('twin', { '20261122_0001_event_store.ts': createTable('twin_things') });
    await expect(migrateLatest(test.db, [...moduleFolders, dir])).rejects.toThrow(
      'Two migrations are named 20261122_0001_event_store.ts',
    );
  });
});
