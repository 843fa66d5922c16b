import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_ENV, API_NODE_ARGS, API_NODE_OPTIONS } from './node-options.ts';

// The API's memory settings are given where the process starts, which TypeScript cannot reach:
// each way of starting it says the same.
const read = (file: string) => readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');
const arenas = `MALLOC_ARENA_MAX=${API_ENV.MALLOC_ARENA_MAX}`;
/** The node options as JSON array items: `"--a", "--b"`. */
const quotedArgs = API_NODE_ARGS.map((arg) => `"${arg}"`).join(', ');

describe('the API process is started with its memory settings', () => {
  it('by make api', () => {
    const recipe = /^api:.*\n\t(.*)$/m.exec(read('Makefile'))?.[1];
    expect(recipe).toContain(arenas);
    expect(recipe).toMatch(new RegExp(`\\$\\(NODE\\) ${API_NODE_OPTIONS} apps/api/src/main\\.ts`));
  });

  it('by the image and by docker-compose', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toContain(`ENV ${arenas}`);
    expect(dockerfile).toContain(`CMD ["node", ${quotedArgs}, "apps/api/src/main.ts"]`);
    expect(read('docker-compose.yml')).toContain(
      `command: ["node", ${quotedArgs}, "apps/api/src/main.ts"]`,
    );
    expect(read('docker-compose.yml')).not.toMatch(/"node", "apps\/api\/src\/main\.ts"/);
  });
});
