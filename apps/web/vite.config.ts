import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

/**
 * The built page's head, arranged for a phone on a slow network (the public pages arrive
 * rendered by the server, so their first paint needs the HTML and the styles, not the scripts):
 * - the one public stylesheet (about 5 KB compressed) is put in the page as a `<style>`: the
 *   first paint waits for no other request, and HTML and styles together still fit the first
 *   round trips of a new connection;
 * - the entry script and its modulepreloads are fetched at low priority: they hydrate a page
 *   that is already there, so the HTML, the hero picture and the first card images get the
 *   bandwidth first instead of sharing it with some 120 KB of JavaScript.
 */
function firstPaintFirst(): Plugin {
  return {
    name: 'first-paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const bundle = ctx.bundle;
        const styles: string[] = [];
        const withoutLinks = html.replace(
          /[ \t]*<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>\n?/g,
          (_link, fileName: string) => {
            const asset = bundle[fileName];
            if (asset?.type !== 'asset') throw new Error(`${fileName}: no such stylesheet`);
            const css = String(asset.source).trim();
            // Paths in the stylesheet would be read from the page's address, not /assets/.
            if (/url\(\s*['"]?(?!data:|\/|https?:)/.test(css) || /<\/style/i.test(css))
              throw new Error(`${fileName} cannot be put in the page as it is`);
            styles.push(`    <style>${css}</style>\n`);
            return '';
          },
        );
        // Styles before the scripts, as the stylesheet link was (apps/api's stylesheetsFirst).
        const firstScript = withoutLinks.search(/[ \t]*<(script\b|link rel="modulepreload")/);
        const at = firstScript === -1 ? withoutLinks.indexOf('</head>') : firstScript;
        const page = withoutLinks.slice(0, at) + styles.join('') + withoutLinks.slice(at);
        return page.replace(
          /<(script type="module"|link rel="modulepreload") crossorigin/g,
          '<$1 fetchpriority="low" crossorigin',
        );
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), chunkReport(), firstPaintFirst()],
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
              // The small modules every data page (blog, case studies, careers) reads, in one
              // chunk rather than five: each chunk costs a request and its own compression.
              groups: [
                {
                  name: 'public-data',
                  test: /src\/(public-query\.ts|shared\/dates\.ts|shared\/public\/Blocks\.tsx)|modules\/media\/src\/presentation\.ts/,
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
