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
  const BROWSER_PACKAGES =
    /^(react|react-dom|react-dom\/.+|react-redux|react-router|@reduxjs\/toolkit(\/.+)?|antd|antd\/.+|@ant-design\/.+|zod|marked|csv-stringify\/browser\/esm\/sync)$/;

  it('never imports server code: only contracts, presentation helpers, site data and browser packages', () => {
    const problems: string[] = [];
    for (const file of sourceFiles(path.join(root, 'apps/web/src'))) {
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

  it('imports antd only under src/admin', () => {
    const offenders = sourceFiles(path.join(root, 'apps/web/src'))
      .filter((file) => !file.includes(`${path.sep}admin${path.sep}`))
      .filter((file) =>
        importsOf(file).some(
          (s) => s === 'antd' || s.startsWith('antd/') || s.startsWith('@ant-design/'),
        ),
      );
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });
});
