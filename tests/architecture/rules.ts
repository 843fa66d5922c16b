// The architecture rules as pure functions over source text, so that tests/architecture.test.ts
// can run each one on the real tree and on known-bad samples (its self-check).
import { isBuiltin } from 'node:module';

/** A source file: its path from the repository root (with /) and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

/** A package of the npm workspace (dir '' is the root). */
export interface Workspace {
  dir: string;
  name: string;
  dependencies: string[];
  devDependencies: string[];
}

/** Tests and what only tests use (the harness, platform's testing entry, fixtures). */
export function isTestCode(file: string): boolean {
  return (
    /\.test\.tsx?$|^modules\/[\w-]+\/src\/test-fixtures\.ts$/.test(file) ||
    /(^|\/)(tests|e2e|testing|fixtures)\//.test(file)
  );
}

const REGEX_AFTER_WORD = new Set([
  'return',
  'typeof',
  'instanceof',
  'case',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'else',
  'do',
  'yield',
  'await',
]);

/** A template literal with `${…}`: its text pieces around them, and each one's source text. */
export interface Template {
  strings: string[];
  expressions: string[];
}

/**
 * The string literals of a TypeScript file (template literals with `?` for each `${…}`), and
 * its code without comments, each literal replaced by `'#<index in literals>'`; and the
 * templates with `${…}`, as pieces. A small scanner rather than regular expressions: a quote in
 * a comment or a regular expression must not start a string, and the text of a string must not
 * look like code.
 */
export function scanSource(text: string): {
  literals: string[];
  code: string;
  templates: Template[];
} {
  const literals: string[] = [];
  const templates: Template[] = [];
  let code = '';
  const n = text.length;
  const literal = (value: string) => `'#${literals.push(value) - 1}'`;

  const readQuoted = (start: number, quote: string): number => {
    let i = start + 1;
    while (i < n && text[i] !== quote && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
    code += literal(text.slice(start + 1, i));
    return i + 1;
  };

  const readTemplate = (start: number): number => {
    let i = start + 1;
    let value = '';
    let piece = '';
    const template: Template = { strings: [], expressions: [] };
    const outer = code;
    while (i < n && text[i] !== '`') {
      if (text[i] === '\\') {
        value += text.slice(i, i + 2);
        piece += text.slice(i, i + 2);
        i += 2;
      } else if (text[i] === '$' && text[i + 1] === '{') {
        value += '?';
        template.strings.push(piece);
        piece = '';
        const end = readCode(i + 2, true);
        template.expressions.push(text.slice(i + 2, end - 1));
        i = end;
      } else {
        piece += text[i];
        value += text[i++];
      }
    }
    template.strings.push(piece);
    if (template.expressions.length > 0) templates.push(template);
    // The code inside `${…}` counts for its literals (and templates) only.
    code = outer + literal(value);
    return i + 1;
  };

  const skipRegex = (start: number): number => {
    let i = start + 1;
    let inClass = false;
    while (i < n && text[i] !== '\n') {
      const c = text[i];
      if (c === '\\') i += 2;
      else {
        if (c === '[') inClass = true;
        else if (c === ']') inClass = false;
        else if (c === '/' && !inClass) return i + 1;
        i++;
      }
    }
    return i;
  };

  /** Reads code from `start`; inside `${…}`, stops after the closing brace. */
  function readCode(start: number, untilBrace: boolean): number {
    let i = start;
    let depth = 0;
    let last = ''; // the previous token: a word, or one punctuation character
    while (i < n) {
      const c = text[i]!;
      const next = text[i + 1];
      if (c === '/' && next === '/') {
        const end = text.indexOf('\n', i);
        i = end === -1 ? n : end;
        continue;
      }
      if (c === '/' && next === '*') {
        const end = text.indexOf('*/', i + 2);
        i = end === -1 ? n : end + 2;
        code += ' ';
        continue;
      }
      if (c === "'" || c === '"' || c === '`') {
        i = c === '`' ? readTemplate(i) : readQuoted(i, c);
        last = 'a';
        continue;
      }
      if (c === '/') {
        const word = /^[\w$]+$/.test(last);
        if (word ? REGEX_AFTER_WORD.has(last) : !/^[)\]}]$/.test(last)) {
          const end = skipRegex(i);
          code += text.slice(i, end);
          i = end;
          last = 'a';
          continue;
        }
      }
      if (untilBrace) {
        if (c === '{') depth++;
        else if (c === '}') {
          if (depth === 0) return i + 1;
          depth--;
        }
      }
      if (/[\w$]/.test(c)) {
        let end = i;
        while (end < n && /[\w$]/.test(text[end]!)) end++;
        last = text.slice(i, end);
        code += last;
        i = end;
        continue;
      }
      if (!/\s/.test(c)) last = c;
      code += c;
      i++;
    }
    return i;
  }

  readCode(0, false);
  return { literals, code, templates };
}

/**
 * The modules a file imports: static, side-effect, re-export and dynamic `import('…')`, and
 * those it locates (`require.resolve`, `import.meta.resolve`, `createRequire(…).resolve`) to
 * read their files.
 */
export function importsIn(text: string): string[] {
  const { literals, code } = scanSource(text);
  const found = new Set<string>();
  for (const m of code.matchAll(
    /\b(?:import|export)\s[^'";]*?\bfrom\s*'#(\d+)'|\bimport\s*(?:\(\s*)?'#(\d+)'|(?:\brequire|\bimport\.meta|\))\.resolve\s*\(\s*'#(\d+)'|\brequire\s*\(\s*'#(\d+)'/g,
  )) {
    found.add(literals[Number(m[1] ?? m[2] ?? m[3] ?? m[4])]!);
  }
  return [...found];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a string literal names `table` as a query does: the whole literal is the table (knex's
 * `db('jobs')`, `'jobs as j'`, a constant `'jobs'`), or SQL text with the table after FROM, JOIN,
 * INTO, UPDATE or TABLE.
 */
export function namesTable(literal: string, table: string): boolean {
  const name = `(?:"?\\w+"?\\.)?"?${escapeRegExp(table)}"?`;
  if (new RegExp(`^\\s*${name}(?:\\s+as\\s+\\w+)?\\s*$`, 'i').test(literal)) return true;
  return (
    /\b(select|insert|update|delete|truncate|lock|alter|with|copy)\b/i.test(literal) &&
    new RegExp(`\\b(?:from|join|into|update|table)\\s+(?:only\\s+)?${name}(?![\\w.])`, 'i').test(
      literal,
    )
  );
}

const moduleOf = (file: string) => /^modules\/([^/]+)\/src\//.exec(file)?.[1];

/**
 * Who owns each table: every module's projections and other declared tables, and platform's.
 * A table declared twice, or one in the database that nobody declares, is a problem.
 */
export function tableOwners(
  declarations: { owner: string; tables: readonly string[] }[],
  databaseTables: readonly string[],
): { owners: Map<string, string>; problems: string[] } {
  const owners = new Map<string, string>();
  const problems: string[] = [];
  for (const { owner, tables } of declarations) {
    for (const table of tables) {
      const first = owners.get(table);
      if (first && first !== owner)
        problems.push(`table ${table} is declared by both ${first} and ${owner}`);
      else owners.set(table, owner);
    }
  }
  for (const table of databaseTables) {
    if (!owners.has(table)) problems.push(`table ${table} is declared by no module`);
  }
  return { owners, problems };
}

const NAME = '[A-Za-z_$][\\w$]*';
/** A name, or a namespace's member (`careers.JOBS`). */
const REFERENCE = `${NAME}(?:\\s*\\.\\s*${NAME})?`;

/** The `a`, `b as c` and `type d` of an import or export list, as [its name there, here]. */
function listNames(list: string): [string, string][] {
  return list
    .split(',')
    .map((entry) => entry.trim().replace(/^type\s+/, ''))
    .flatMap((entry) => {
      const m = new RegExp(`^(${NAME})(?:\\s+as\\s+(${NAME}))?$`).exec(entry);
      return m ? [[m[1]!, m[2] ?? m[1]!] as [string, string]] : [];
    });
}

/** The module a file imports from: its own for a relative path, `x` for `@kw/x…`. */
function moduleFrom(spec: string, own: string): string | undefined {
  if (spec.startsWith('.')) return own;
  return /^@kw\/([^/]+)/.exec(spec)?.[1];
}

/** What a file imports: each name it binds, with the module and name it comes from. */
function importedNames(
  code: string,
  literals: string[],
  own: string,
): { names: Map<string, [string, string]>; namespaces: Map<string, string> } {
  const names = new Map<string, [string, string]>();
  const namespaces = new Map<string, string>();
  for (const m of code.matchAll(
    /\bimport\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*'#(\d+)'/g,
  )) {
    const from = moduleFrom(literals[Number(m[2])]!, own);
    if (from) for (const [remote, local] of listNames(m[1]!)) names.set(local, [from, remote]);
  }
  for (const m of code.matchAll(
    new RegExp(`\\bimport\\s+\\*\\s+as\\s+(${NAME})\\s+from\\s*'#(\\d+)'`, 'g'),
  )) {
    const from = moduleFrom(literals[Number(m[2])]!, own);
    if (from) namespaces.set(m[1]!, from);
  }
  return { names, namespaces };
}

/** A constant's key: its module and the name it has there. */
const key = (module: string, name: string) => `${module}:${name}`;

/**
 * The string constants each module exports, by module and exported name: `export const NAME =
 * 'value'` (typed or `as const`), a constant an `export { … }` list names (under the name it
 * exports), one constant set to another (`export const A = B`, B its own or imported), and
 * re-exports (`export { A as B } from '…'`, `export * from '…'`).
 */
export function exportedConstants(files: SourceFile[]): Map<string, Set<string>> {
  const values = new Map<string, Set<string>>();
  const add = (at: string, value: string) =>
    values.set(at, (values.get(at) ?? new Set()).add(value));
  /** [a constant's key, another's that has its values]. */
  const aliases: [string, string][] = [];
  /** [a module, another that re-exports all of it]. */
  const stars: [string, string][] = [];
  for (const file of files) {
    const module = moduleOf(file.path);
    if (!module || isTestCode(file.path)) continue;
    const { literals, code } = scanSource(file.text);
    const { names } = importedNames(code, literals, module);
    /** Where a name of this file gets its values: an import, else a constant of the module. */
    const source = (name: string) => {
      const from = names.get(name);
      return from ? key(...from) : key(module, name);
    };
    const strings = new Map<string, string>();
    const named = new Map<string, string>();
    for (const m of code.matchAll(
      new RegExp(
        `(?<![\\w$.])(export\\s+)?(?:const|let|var)\\s+(${NAME})\\s*(?::[^=;]*)?=\\s*(?:'#(\\d+)'|(${NAME}))\\s*(?:as\\s+const\\s*)?(?=[;,)}\\n]|$)`,
        'g',
      ),
    )) {
      const [, exported, name, literal, other] = m;
      if (literal !== undefined) strings.set(name!, literals[Number(literal)]!);
      else named.set(name!, other!);
      if (exported) {
        if (literal !== undefined) add(key(module, name!), literals[Number(literal)]!);
        else aliases.push([source(other!), key(module, name!)]);
      }
    }
    for (const m of code.matchAll(/\bexport\s+(?:type\s+)?\{([^}]*)\}(?:\s*from\s*'#(\d+)')?/g)) {
      const from = m[2] === undefined ? undefined : moduleFrom(literals[Number(m[2])]!, module);
      if (m[2] !== undefined && !from) continue;
      for (const [local, exported] of listNames(m[1]!)) {
        const value = from ? undefined : strings.get(local);
        if (value !== undefined) add(key(module, exported), value);
        else
          aliases.push([
            from ? key(from, local) : source(named.get(local) ?? local),
            key(module, exported),
          ]);
      }
    }
    for (const m of code.matchAll(/\bexport\s*\*\s*from\s*'#(\d+)'/g)) {
      const from = moduleFrom(literals[Number(m[1])]!, module);
      if (from && from !== module) stars.push([from, module]);
    }
  }
  for (let changed = true; changed; ) {
    changed = false;
    const copy = (from: string, to: string) => {
      for (const value of values.get(from) ?? []) {
        if (!values.get(to)?.has(value)) {
          add(to, value);
          changed = true;
        }
      }
    };
    for (const [from, to] of aliases) copy(from, to);
    for (const [from, to] of stars)
      for (const at of [...values.keys()])
        if (at.startsWith(`${from}:`)) copy(at, key(to, at.slice(from.length + 1)));
  }
  return values;
}

/** A literal that ends where SQL names a table: `… from `, `… join "`. */
const BEFORE_TABLE = /\b(?:from|join|into|update|table)\s+(?:only\s+)?"?$/i;

/**
 * A module names, in a query, a table another module (or platform) owns: as a string literal
 * (anywhere: `db('jobs')`, `'jobs as j'`, SQL text), or through a constant another module's
 * files export whose value names it (`import { JOBS } from '@kw/careers'`, or a constant of its
 * own set to one), used where a query takes a table: `db(JOBS)`, `trx<Row>(JOBS)`,
 * `.from(JOBS)`, `.join(JOBS, …)`, `.into(JOBS)`, `.table(JOBS)`, `.hasTable(JOBS)`, in SQL
 * text (`${JOBS}`, `'select * from ' + JOBS`) or as a template's whole text.
 */
export function foreignTableQueries(files: SourceFile[], owners: Map<string, string>): string[] {
  const problems: string[] = [];
  const constants = exportedConstants(files);
  for (const file of files) {
    const module = moduleOf(file.path);
    if (!module || isTestCode(file.path)) continue;
    const { literals, code, templates } = scanSource(file.text);
    const found = new Set<string>();
    const report = (table: string, owner: string, through?: string) => {
      if (found.has(table)) return;
      found.add(table);
      problems.push(
        `${file.path} queries ${table}, a table of ${owner}${through ? ` (through ${through})` : ''}`,
      );
    };
    const foreign = (values: Iterable<string>) =>
      [...owners].filter(
        ([table, owner]) =>
          owner !== module && [...values].some((value) => namesTable(value, table)),
      );
    for (const [table, owner] of foreign(literals)) report(table, owner);

    // What the file's names stand for: the constants it imports, the members of the namespaces
    // it imports, and its own constants set to those.
    const { names, namespaces } = importedNames(code, literals, module);
    const imported = new Map<string, Set<string>>();
    for (const [local, [from, remote]] of names) {
      const values = constants.get(key(from, remote));
      if (values) imported.set(local, values);
    }
    const valuesOf = (reference: string): Set<string> | undefined => {
      const [base, member] = reference.split('.').map((part) => part.trim());
      if (member === undefined) return imported.get(base!);
      const from = namespaces.get(base!);
      return from === undefined ? undefined : constants.get(key(from, member));
    };
    for (let changed = true; changed; ) {
      changed = false;
      for (const m of code.matchAll(
        new RegExp(
          `(?<![\\w$.])(?:const|let|var)\\s+(${NAME})\\s*(?::[^=;]*)?=\\s*(${REFERENCE})\\s*(?:as\\s+const\\s*)?(?=[;,)}\\n]|$)`,
          'g',
        ),
      )) {
        const values = valuesOf(m[2]!);
        if (values && !imported.has(m[1]!)) {
          imported.set(m[1]!, values);
          changed = true;
        }
      }
    }
    if (imported.size === 0 && namespaces.size === 0) continue;

    const at = (reference: string) => {
      const values = valuesOf(reference.replace(/\s+/g, ''));
      return values ? foreign(values) : [];
    };
    const QUERY_POSITIONS = [
      // db(X), trx(X), knex<Row>(X), this.db(X), (trx ?? db)(X)
      `(?:(?<![\\w$])[\\w$]*(?:db|trx|knex|tx)|\\))\\s*(?:<[^()]*>)?\\s*\\(\\s*(${REFERENCE})\\s*[,)]`,
      // .from(X), .into(X), .table(X), .join(X, …), .leftJoin(X, …), .hasTable(X)
      `\\.\\s*(?:from|into|table|[\\w$]*join|[\\w$]*table)\\s*(?:<[^()]*>)?\\s*\\(\\s*(${REFERENCE})\\s*[,)]`,
    ];
    for (const position of QUERY_POSITIONS) {
      for (const m of code.matchAll(new RegExp(position, 'gi')))
        for (const [table, owner] of at(m[1]!)) report(table, owner, m[1]!.replace(/\s+/g, ''));
    }
    for (const m of code.matchAll(new RegExp(`'#(\\d+)'\\s*\\+\\s*(${REFERENCE})`, 'g'))) {
      if (!BEFORE_TABLE.test(literals[Number(m[1])]!)) continue;
      for (const [table, owner] of at(m[2]!)) report(table, owner, m[2]!.replace(/\s+/g, ''));
    }
    for (const { strings, expressions } of templates) {
      expressions.forEach((expression, k) => {
        const reference = expression.trim();
        if (!new RegExp(`^${REFERENCE}$`).test(reference)) return;
        for (const [table, owner] of at(reference)) {
          const text = strings
            .map((piece, j) => (j === 0 ? '' : j - 1 === k ? table : '?') + piece)
            .join('');
          if (namesTable(text, table)) report(table, owner, reference.replace(/\s+/g, ''));
        }
      });
    }
  }
  return problems;
}

/**
 * A file outside platform queries the event log. Tests read it to check what was stored; the
 * migrations create it; the browser app cannot reach the database.
 */
export function eventLogQueries(files: SourceFile[]): string[] {
  return files
    .filter(
      (file) =>
        !file.path.startsWith('modules/platform/') &&
        !file.path.startsWith('apps/web/src/') &&
        !file.path.startsWith('db/migrations/') &&
        !isTestCode(file.path) &&
        scanSource(file.text).literals.some((literal) => namesTable(literal, 'events')),
    )
    .map((file) => `${file.path} queries the events table`);
}

/**
 * An app imports another app, or the composition imports an app. (The API serves the web
 * app's build by its path on disk, apps/api/src/ssr.ts, without importing it.)
 */
export function appImports(files: SourceFile[], apps: Workspace[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const own = apps.find((app) => file.path.startsWith(`${app.dir}/`));
    if (!own && !file.path.startsWith('composition/')) continue;
    for (const spec of importsIn(file.text)) {
      const target = spec.startsWith('.')
        ? apps.find((app) => resolvePath(file.path, spec).startsWith(`${app.dir}/`))
        : apps.find((app) => spec === app.name || spec.startsWith(`${app.name}/`));
      if (target && target !== own) problems.push(`${file.path} imports ${spec}, of ${target.dir}`);
    }
  }
  return problems;
}

function resolvePath(from: string, spec: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of spec.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The package a bare specifier names, or undefined for relative paths and Node's builtins. */
export function packageOf(spec: string): string | undefined {
  if (spec.startsWith('.') || spec.startsWith('/') || isBuiltin(spec)) return undefined;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The workspace a file belongs to: the deepest one whose folder holds it, else the root. */
function workspaceOf(file: string, workspaces: Workspace[]): Workspace {
  let best = workspaces.find((w) => w.dir === '')!;
  for (const w of workspaces) {
    if (w.dir && file.startsWith(`${w.dir}/`) && w.dir.length > best.dir.length) best = w;
  }
  return best;
}

const pkgJson = (w: Workspace) => (w.dir ? `${w.dir}/package.json` : 'package.json');

/**
 * What a file may import without its own package.json declaring it: its own package; for test
 * code (tests, the harness, a `testing/` entry, fixtures) the root's devDependencies as well,
 * the runner and the tools the tests drive (vitest, playwright-core, axe-core…), which the next
 * rule keeps declared once, at the root, where npm installs them for every workspace. Nothing
 * else: a workspace's test that imports another workspace (`@kw/composition`) declares it, in
 * its devDependencies if only tests use it. The composition may import the modules (the
 * workspaces under modules/): its list in src/modules.ts is where a module is declared, so that
 * adding one is one line there; any other package it uses, its package.json declares. The
 * root's own files (tests/, bench/) may use any workspace: the root package.json declares them,
 * in its `workspaces` field.
 */
function implicitlyDeclared(file: string, own: Workspace, workspaces: Workspace[]): Set<string> {
  const root = workspaces.find((w) => w.dir === '')!;
  const allowed = new Set<string>([own.name]);
  if (isTestCode(file)) for (const name of root.devDependencies) allowed.add(name);
  if (own === root) for (const w of workspaces) allowed.add(w.name);
  if (own.dir === 'composition')
    for (const w of workspaces) if (w.dir.startsWith('modules/')) allowed.add(w.name);
  return allowed;
}

/** A workspace imports a package its package.json does not declare. */
export function undeclaredImports(files: SourceFile[], workspaces: Workspace[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const own = workspaceOf(file.path, workspaces);
    const declared = new Set([...own.dependencies, ...own.devDependencies]);
    const implicit = implicitlyDeclared(file.path, own, workspaces);
    for (const spec of importsIn(file.text)) {
      const name = packageOf(spec);
      if (name && !declared.has(name) && !implicit.has(name))
        problems.push(`${file.path} imports ${name}, which ${pkgJson(own)} does not declare`);
    }
  }
  return problems;
}

/**
 * Workspaces whose declared dependencies lead back to themselves (`@kw/a` → `@kw/b` → `@kw/a`):
 * each cycle once, from its first workspace in the list. A cycle makes two packages one in all
 * but name: neither can be understood, tested or replaced without the other.
 */
export function dependencyCycles(workspaces: Workspace[]): string[] {
  const byName = new Map(workspaces.map((w) => [w.name, w]));
  const seen = new Set<string>();
  const cycles: string[] = [];
  const visit = (name: string, trail: string[]): void => {
    const at = trail.indexOf(name);
    if (at >= 0) {
      const cycle = trail.slice(at);
      const key = [...cycle].sort().join(' ');
      if (!seen.has(key)) {
        seen.add(key);
        cycles.push([...cycle, name].join(' → '));
      }
      return;
    }
    for (const next of byName.get(name)?.dependencies ?? [])
      if (byName.has(next)) visit(next, [...trail, name]);
  };
  for (const w of workspaces) visit(w.name, []);
  return cycles;
}

/** Command-line tools the root declares and the Makefile runs; nothing imports them. */
export const ROOT_TOOLS = ['@biomejs/biome', 'typescript'];

/**
 * A workspace declares a package it does not use: each dependency is declared once, in the
 * workspace that imports it. `@types/x` goes with `x`; a workspace's tests use the root's tools.
 */
export function unusedDeclarations(files: SourceFile[], workspaces: Workspace[]): string[] {
  const root = workspaces.find((w) => w.dir === '')!;
  const used = new Map<Workspace, Set<string>>(workspaces.map((w) => [w, new Set<string>()]));
  for (const file of files) {
    const own = workspaceOf(file.path, workspaces);
    for (const spec of importsIn(file.text)) {
      const name = packageOf(spec);
      if (!name) continue;
      if (isTestCode(file.path) && root.devDependencies.includes(name)) used.get(root)!.add(name);
      else used.get(own)!.add(name);
    }
  }
  const problems: string[] = [];
  for (const w of workspaces) {
    const declared = [...w.dependencies, ...w.devDependencies];
    for (const name of declared) {
      const typed = /^@types\/(.+)$/.exec(name)?.[1]?.replace(/^(.+)__(.+)$/, '@$1/$2');
      const ok =
        used.get(w)!.has(name) ||
        (typed !== undefined && (typed === 'node' || declared.includes(typed))) ||
        (w === root && ROOT_TOOLS.includes(name));
      if (!ok) problems.push(`${pkgJson(w)} declares ${name}, unused there`);
    }
  }
  return problems;
}

/**
 * Every queue the event store fills (subscriptions, async projections) has exactly one worker
 * handler, and every handler has a queue.
 */
export function unhandledQueues(
  queues: readonly string[],
  handlers: { queue: string }[],
): string[] {
  const problems: string[] = [];
  for (const queue of new Set(queues)) {
    const count = handlers.filter((h) => h.queue === queue).length;
    if (count === 0) problems.push(`queue ${queue} has no handler`);
    if (count > 1) problems.push(`queue ${queue} has ${count} handlers`);
  }
  for (const handler of handlers) {
    if (!queues.includes(handler.queue))
      problems.push(`a handler works queue ${handler.queue}, which nothing fills`);
  }
  return problems;
}

/**
 * The API loads none of the worker's code: no module's jobs.ts, nothing of geoip-lite (its
 * ~150 MB of data). `loaded` are the file URLs the API's process resolved as it started.
 */
export function workerCodeLoaded(loaded: string[]): string[] {
  return loaded
    .filter((url) => /\/src\/jobs\.ts$|\/node_modules\/geoip-lite\//.test(url))
    .map((url) => `the API loads ${url.replace(/^.*?\/(?=(modules|node_modules)\/)/, '')}`);
}

interface ComposedModule {
  name: string;
  routes: { method: string; path: string }[];
  projections: { name: string }[];
  subscriptions: { queue: string }[];
}

/**
 * Two modules (or one twice) claiming the same name, route, projection or queue: what a copied
 * folder keeps unless it is renamed throughout.
 */
export function compositionClashes(modules: ComposedModule[]): string[] {
  const problems: string[] = [];
  const claims = new Map<string, string>();
  const claim = (what: string, module: string) => {
    const first = claims.get(what);
    if (first === undefined) claims.set(what, module);
    else
      problems.push(
        first === module
          ? `${what} is declared twice by ${module}`
          : `${what} is declared by both ${first} and ${module}`,
      );
  };
  for (const m of modules) {
    claim(`module ${m.name}`, m.name);
    for (const r of m.routes) claim(`route ${r.method.toUpperCase()} ${r.path}`, m.name);
    for (const p of m.projections) claim(`projection ${p.name}`, m.name);
    for (const s of m.subscriptions) claim(`queue ${s.queue}`, m.name);
  }
  return problems;
}
