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
    /\.test\.tsx?$|(^|\/)test-fixtures\.ts$/.test(file) ||
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

/**
 * The string literals of a TypeScript file (template literals with `?` for each `${…}`), and
 * its code without comments, each literal replaced by `'#<index in literals>'`. A small
 * scanner rather than regular expressions: a quote in a comment or a regular expression must
 * not start a string, and the text of a string must not look like code.
 */
export function scanSource(text: string): { literals: string[]; code: string } {
  const literals: string[] = [];
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
    const outer = code;
    while (i < n && text[i] !== '`') {
      if (text[i] === '\\') {
        value += text.slice(i, i + 2);
        i += 2;
      } else if (text[i] === '$' && text[i + 1] === '{') {
        value += '?';
        i = readCode(i + 2, true);
      } else value += text[i++];
    }
    // The code inside `${…}` counts for its literals only.
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
  return { literals, code };
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

/** A module names, in a query, a table another module (or platform) owns. */
export function foreignTableQueries(files: SourceFile[], owners: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const module = moduleOf(file.path);
    if (!module || isTestCode(file.path)) continue;
    const { literals } = scanSource(file.text);
    for (const [table, owner] of owners) {
      if (owner === module) continue;
      if (literals.some((literal) => namesTable(literal, table)))
        problems.push(`${file.path} queries ${table}, a table of ${owner}`);
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
 * What a file may import without its package.json declaring it. Test code may use the root's
 * tools (vitest, playwright) and any workspace; the root's own files (tests, bench) may use any
 * workspace, which its `workspaces` field declares; so may the composition, whose list of
 * modules is their declaration (adding a module is one line there).
 */
function implicitlyDeclared(file: string, own: Workspace, workspaces: Workspace[]): Set<string> {
  const root = workspaces.find((w) => w.dir === '')!;
  const allowed = new Set<string>([own.name]);
  if (isTestCode(file) || own === root) {
    for (const name of root.devDependencies) allowed.add(name);
    for (const w of workspaces) allowed.add(w.name);
  }
  if (own.dir === 'composition') {
    for (const w of workspaces) if (w.dir.startsWith('modules/')) allowed.add(w.name);
  }
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
