import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./tests/global-setup.ts'],
    // Ceilings, not waits: tests wait for facts. Several spawn processes (the CLI, the API, the
    // worker), which a loaded 2-core machine (CI, or a run beside a build) can slow a lot.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // expect.poll waits for a fact; its 1 s default is a clock, which a loaded machine outruns.
    expect: { poll: { timeout: 20_000 } },
    // Two files at a time. Vitest's default on this 2-core machine is one (cores − 1), which made
    // the run the sum of its files; the files wait on PostgreSQL, Chromium and the processes they
    // spawn, so a second one fills that time. Every file has its own database copy and ports.
    maxWorkers: 2,
    // The files share their worker's module cache instead of importing the whole app again
    // each (a fifth of the run went to imports). Every file still has its own database, ports
    // and processes; state a module keeps must hold for any file (the statement cache's bug
    // that isolation hid: event-store/shape-cache.ts).
    isolate: false,
    env: { NODE_ENV: 'test' },
    projects: [
      {
        extends: true,
        test: {
          name: 'modules',
          include: ['modules/*/src/**/*.test.ts', 'db/**/*.test.ts', 'tests/**/*.test.ts'],
        },
      },
      { extends: true, test: { name: 'api', include: ['apps/api/src/**/*.test.ts'] } },
      { extends: true, test: { name: 'worker', include: ['apps/worker/src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/e2e/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
        },
      },
    ],
  },
});
