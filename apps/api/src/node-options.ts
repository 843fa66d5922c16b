/**
 * How the API process is started, wherever it runs (`make run` through run.ts, `make api`, the
 * Dockerfile, docker-compose.yml, `make bench`): node-options.test.ts holds them to these.
 *
 * `--max-semi-space-size=8`: a young generation of at most 2 x 8 MB. V8 sizes it from the
 * machine's memory and grows it under a fast allocation rate: on a read load of cached pages the
 * API's young generation went from 67 MB at start to 134 MB, most of the resident memory it
 * gained (211 → 304 MB in `make bench`). What the API allocates per request dies young, so a
 * smaller one costs scavenges of almost nothing; the read throughput stays the same.
 */
export const API_NODE_OPTIONS = '--max-semi-space-size=8';

/**
 * `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates (zlib's and brotli's compression
 * in the thread pool, for the pages kept compressed) an arena of its own, which keeps what it
 * touched; two arenas hold 10–20 MB less after a load. Read by glibc at start: an environment
 * variable of the process, not something the process can set for itself.
 */
export const API_ENV = { MALLOC_ARENA_MAX: '2' } as const;
