import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes dist/client/chunks.json: for each chunk, its static imports and the modules inside.
 * The bundle test reads it to prove antd never reaches a public page and to weigh them.
 */
function chunkReport(): Plugin {
  return {
    name: 'chunk-report',
    apply: 'build',
    generateBundle(options, bundle) {
      if (options.dir?.includes('server')) return;
      const report: Record<
        string,
        { isEntry: boolean; imports: string[]; dynamicImports: string[]; modules: string[] }
      > = {};
      for (const [fileName, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk') continue;
        report[fileName] = {
          isEntry: chunk.isEntry,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          modules: Object.entries(chunk.modules).map(
            ([id, m]) => `${path.relative(process.cwd(), id)} ${m.renderedLength}`,
          ),
        };
      }
      mkdirSync(options.dir ?? 'dist/client', { recursive: true });
      writeFileSync(
        path.join(options.dir ?? 'dist/client', 'chunks.json'),
        JSON.stringify(report, null, 1),
      );
    },
  };
}

/** What the API sends compressed from /assets (`precompressedAssets`); the same test there. */
const COMPRESSED_ASSET = /^assets\/[\w.-]+\.(js|css|svg|json)$/;

/**
 * Writes each script, style sheet and icon of the client build beside itself compressed at the
 * highest levels (`.br`, `.gz`), once, at build time. Compressed by the API instead, the first
 * request for the admin bundle after each start cost seconds of CPU on its event loop.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (options.dir?.includes('server')) return;
      const dir = options.dir ?? 'dist/client';
      const names = Object.keys(bundle).filter((name) => COMPRESSED_ASSET.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(dir, name);
          const data = await readFile(file);
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            promisify(gzip)(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), chunkReport(), precompress()],
  build: {
    outDir: isSsrBuild ? 'dist/server' : 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                // What every public page runs before it hydrates, in two chunks beside the entry
                // rather than thirteen: React, its DOM renderer and the router; and the public
                // shell's small modules (the site's words, the toaster, the icons, analytics) with
                // those every data page reads (blog, case studies, careers). A phone on a slow
                // network opens a handful of connections: a dozen requests queue behind one
                // another, each compressed on its own, and the first paint waited for them.
                {
                  name: 'react',
                  test: /node_modules\/(react|react-dom|scheduler|react-router)\//,
                  priority: 20,
                },
                {
                  name: 'public-shell',
                  test: /modules\/site\/src\/(founder|pages|services|tracking)\.ts|modules\/newsletter\/src\/presentation\.ts|modules\/media\/src\/presentation\.ts|src\/features\/site\/public\/structured-data\.ts|src\/features\/analytics\/public\/analytics\.ts|src\/shared\/public\/(site-config\.ts|Toaster\.tsx|Icons\.tsx|formStartedAt\.ts|Blocks\.tsx)|src\/(public-query\.ts|shared\/dates\.ts)|vite\/preload-helper/,
                  priority: 10,
                },
              ],
            },
          },
        },
  },
  ssr: {
    // Bundle the CSS-importing and ESM-only packages into the server entry.
    noExternal: isSsrBuild ? [/^@kw\//] : [],
  },
}));
