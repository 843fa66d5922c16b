import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const m of text.matchAll(
    /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
  )) {
    found.add((m[1] ?? m[2])!);
  }
  return [...found];
}

const moduleNames = readdirSync(path.join(root, 'modules'));

/** What a module exposes to others: its package entry points, never its files. */
function publicEntries(name: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'modules', name, 'package.json'), 'utf8'));
  return Object.keys(pkg.exports ?? {}).map((key) =>
    key === '.' ? `@kw/${name}` : `@kw/${name}/${key.slice(2)}`,
  );
}

describe('module boundaries', () => {
  it('a module never reaches into another module: only package entry points, no relative paths out', () => {
    const problems: string[] = [];
    for (const name of moduleNames) {
      const dir = path.join(root, 'modules', name);
      for (const file of sourceFiles(dir)) {
        for (const spec of importsOf(file)) {
          if (spec.startsWith('.')) {
            const target = path.resolve(path.dirname(file), spec);
            const isTestHarness =
              file.endsWith('.test.ts') && target.startsWith(path.join(root, 'tests'));
            if (!target.startsWith(dir) && !isTestHarness)
              problems.push(`${path.relative(root, file)} imports ${spec}`);
          } else if (spec.startsWith('@kw/')) {
            const other = spec.split('/')[1]!;
            if (other === name)
              problems.push(`${path.relative(root, file)} imports its own package ${spec}`);
            else if (!moduleNames.includes(other) && !file.endsWith('.test.ts'))
              problems.push(`${path.relative(root, file)} imports app ${spec}`);
            else if (moduleNames.includes(other) && !publicEntries(other).includes(spec)) {
              problems.push(
                `${path.relative(root, file)} imports ${spec}, not an entry point of @kw/${other}`,
              );
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('contracts stay free of server code, so the browser can import them', () => {
    const problems: string[] = [];
    for (const name of moduleNames) {
      for (const entry of publicEntries(name).filter((e) => e.endsWith('/contract'))) {
        const pkg = JSON.parse(
          readFileSync(path.join(root, 'modules', name, 'package.json'), 'utf8'),
        );
        const file = path.join(root, 'modules', name, pkg.exports[`./${entry.split('/').pop()}`]);
        for (const spec of importsOf(file)) {
          if (
            !(
              spec === 'zod' ||
              spec.startsWith('./') ||
              spec.endsWith('/contract') ||
              spec === '@kw/site'
            )
          ) {
            problems.push(`${path.relative(root, file)} imports ${spec}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('presentation helpers', () => {
  // The public pages import them at first load: zod (and anything else) would weigh on it.
  it('a presentation file imports nothing but other zod-free presentation files', () => {
    const problems: string[] = [];
    const check = (file: string, seen: Set<string>) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of importsOf(file)) {
        if (spec.startsWith('./')) check(path.resolve(path.dirname(file), spec), seen);
        else if (/^@kw\/[\w-]+\/presentation$/.test(spec)) {
          const [, other] = spec.split('/');
          check(path.join(root, 'modules', other!, 'src/presentation.ts'), seen);
        } else problems.push(`${path.relative(root, file)} imports ${spec}`);
      }
    };
    let found = 0;
    for (const name of moduleNames) {
      if (!publicEntries(name).includes(`@kw/${name}/presentation`)) continue;
      const pkg = JSON.parse(
        readFileSync(path.join(root, 'modules', name, 'package.json'), 'utf8'),
      );
      found++;
      check(path.join(root, 'modules', name, pkg.exports['./presentation']), new Set());
    }
    expect(found).toBeGreaterThanOrEqual(3);
    expect(problems).toEqual([]);
  });
});

describe('the web app', () => {
  const web = path.join(root, 'apps/web/src');
  const BROWSER_PACKAGES =
    /^(react|react-dom|react-dom\/.+|react-redux|react-router|@reduxjs\/toolkit(\/.+)?|antd|antd\/.+|@ant-design\/.+|zod|marked)$/;

  /** A file of the web app, its path below apps/web/src (with /), and what it imports. */
  interface WebFile {
    file: string;
    statics: string[];
    dynamics: string[];
  }

  function webFiles(): WebFile[] {
    return sourceFiles(web)
      .filter((file) => !file.endsWith('.test.ts'))
      .map((file) => {
        const text = readFileSync(file, 'utf8');
        const found = (pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]!);
        return {
          file: path.relative(web, file).split(path.sep).join('/'),
          // import/export … from '…', and bare imports (a stylesheet)
          statics: found(/(?:^|\n)\s*(?:import|export)\s(?:[^'"]*?from\s*)?['"]([^'"]+)['"]/g),
          dynamics: found(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
        };
      });
  }

  /**
   * The layout: the shell's files at the top (entries, routes, store, SEO), the one api slice in
   * api/, what both sides share in shared/ (the frames in shared/public and shared/admin), and
   * each module's screens in features/<module>/{public,admin}, its endpoints in
   * features/<module>/api.ts.
   */
  const PLACE =
    /^(?:[\w-]+\.tsx?|api\/[\w-]+\.ts|shared\/[\w-]+\.tsx?|shared\/(?:public|admin)\/[\w./-]+|features\/([\w-]+)\/(?:api\.ts|(?:public|admin)\/[\w./-]+))$/;
  /** The back office's folders: the only ones antd may appear in. */
  const ADMIN = /^(?:shared|features\/[\w-]+)\/admin\//;
  const isAntd = (spec: string) =>
    spec === 'antd' || spec.startsWith('antd/') || spec.startsWith('@ant-design/');
  const target = (from: string, spec: string) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));

  const rules = {
    place: (files: WebFile[]) =>
      files.flatMap(({ file }) => {
        const match = PLACE.exec(file);
        if (!match) return [`${file} is outside the layout`];
        if (match[1] && !moduleNames.includes(match[1]))
          return [`${file}: features/${match[1]} is not a module`];
        return [];
      }),
    antdInAdminOnly: (files: WebFile[]) =>
      files
        .filter(({ file, statics, dynamics }) =>
          [...statics, ...dynamics].some(isAntd) ? !ADMIN.test(file) : false,
        )
        .map(({ file }) => `${file} imports antd outside an admin folder`),
    // A public file importing an admin one would bring antd to a visitor; only the routes load
    // the back office, on demand.
    publicNeverLoadsAdmin: (files: WebFile[]) =>
      files
        .filter(({ file }) => !ADMIN.test(file))
        .flatMap(({ file, statics, dynamics }) =>
          [
            ...statics.map((spec) => ({ spec, lazy: false })),
            ...dynamics.map((spec) => ({ spec, lazy: true })),
          ]
            .filter(({ spec }) => spec.startsWith('.') && ADMIN.test(target(file, spec)))
            .filter(({ lazy }) => !(lazy && file === 'routes.tsx'))
            .map(({ spec }) => `${file} imports ${spec}`),
        ),
  };

  it('never imports server code: only contracts, presentation helpers, site data and browser packages', () => {
    const problems: string[] = [];
    for (const file of sourceFiles(web)) {
      if (file.endsWith('.test.ts')) continue;
      for (const spec of importsOf(file)) {
        const ok =
          spec.startsWith('.') ||
          BROWSER_PACKAGES.test(spec) ||
          (spec.startsWith('@kw/') &&
            (spec.endsWith('/contract') || spec.endsWith('/presentation') || spec === '@kw/site'));
        if (!ok) problems.push(`${path.relative(root, file)} imports ${spec}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps each file in its place: shared frames, and features named after modules', () => {
    const files = webFiles();
    expect(files.some((f) => f.file.startsWith('features/'))).toBe(true);
    expect(rules.place(files)).toEqual([]);
  });

  it('imports antd only in admin folders, never in public ones', () => {
    const files = webFiles();
    expect(
      files.filter((f) => ADMIN.test(f.file) && f.statics.some(isAntd)).length,
    ).toBeGreaterThan(5);
    expect(rules.antdInAdminOnly(files)).toEqual([]);
  });

  it('never loads an admin file from outside the back office, but for the routes on demand', () => {
    expect(rules.publicNeverLoadsAdmin(webFiles())).toEqual([]);
  });

  it('self-check: each rule fails on a known-bad sample and passes the good one', () => {
    const f = (file: string, statics: string[] = [], dynamics: string[] = []): WebFile => ({
      file,
      statics,
      dynamics,
    });
    const bad: [keyof typeof rules, WebFile][] = [
      ['place', f('components/Button.tsx')],
      ['place', f('features/blog/BlogManager.tsx')],
      ['place', f('features/blogs/public/BlogListPage.tsx')],
      ['place', f('features/blog/administration/BlogManager.tsx')],
      ['place', f('shared/widgets/Card.tsx')],
      ['antdInAdminOnly', f('features/blog/public/BlogListPage.tsx', ['antd'])],
      ['antdInAdminOnly', f('shared/public/Layout.tsx', ['@ant-design/icons'])],
      ['antdInAdminOnly', f('shared/dates.ts', [], ['antd/es/button'])],
      ['antdInAdminOnly', f('features/blog/api.ts', ['antd'])],
      ['antdInAdminOnly', f('features/admin-blog/public/Page.tsx', ['antd'])],
      ['publicNeverLoadsAdmin', f('features/blog/public/BlogListPage.tsx', ['../admin/Row.tsx'])],
      ['publicNeverLoadsAdmin', f('shared/public/Layout.tsx', [], ['../admin/AdminApp.tsx'])],
      ['publicNeverLoadsAdmin', f('routes.tsx', ['./shared/admin/AdminApp.tsx'])],
      ['publicNeverLoadsAdmin', f('entry-client.tsx', ['./shared/admin/admin.css'])],
      ['publicNeverLoadsAdmin', f('features/blog/api.ts', ['../../shared/admin/upload.ts'])],
    ];
    for (const [rule, sample] of bad)
      expect(rules[rule]([sample]), `${rule}: ${sample.file}`).toHaveLength(1);
    const good = [
      f('routes.tsx', [], ['./shared/admin/AdminApp.tsx']),
      f('features/blog/admin/BlogManager.tsx', ['antd', '../api.ts', '../../../shared/admin/x.ts']),
      f('features/case-studies/public/CaseStudyPage.tsx', ['../../../shared/public/Modal.tsx']),
      f('features/site/public/pages/HomePage.tsx'),
      f('shared/admin/AdminApp.tsx', ['@ant-design/icons']),
      f('api/api.ts'),
      f('shared/dates.ts'),
    ];
    for (const rule of Object.values(rules)) expect(rule(good)).toEqual([]);
  });
});
