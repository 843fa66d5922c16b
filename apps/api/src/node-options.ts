/**
 * How the API process is started, wherever it runs (`make run` through run.ts, `make api`, the
 * Dockerfile, docker-compose.yml, `make bench`): node-options.test.ts holds them to these.
 *
 * `--max-semi-space-size=8`: a young generation of at most 2 x 8 MB. V8 sizes it from the
 * machine's memory and grows it under a fast allocation rate: on a read load of cached pages the
 * API's young generation went from 67 MB at start to 134 MB, most of the resident memory it
 * gained (211 → 304 MB in `make bench`). What the API allocates per request dies young, so a
 * smaller one costs scavenges of almost nothing; the read throughput stays the same.
 *
 * `--max-old-space-size=256`: with a young generation that small, what 50 connections have in
 * flight at a scavenge is promoted, and dies in the old generation. V8 lets the old generation
 * grow to its live size times a factor before it collects it, and sizes that factor from the
 * old generation's limit: 4 with this machine's default limit, so the old generation went from
 * 40 MB to 120 MB and more of garbage during `make bench`'s reads (RSS 170 → 250–290 MB,
 * depending on when the last full collection happened). With a limit of 256 MB the factor is
 * V8's smallest, 1.3: the old generation stays at 40–55 MB, the live set (the modules, the
 * renderer, the pages kept) plus a little. 256 MB is far above that live set; an API that
 * needed more would be over its memory target anyway.
 */
export const API_NODE_OPTIONS = '--max-semi-space-size=8 --max-old-space-size=256';

/** The same, one argument each (a command line, the Dockerfile's CMD). */
export const API_NODE_ARGS = API_NODE_OPTIONS.split(' ');

/**
 * `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates (zlib's and brotli's compression
 * in the thread pool, for the pages kept compressed) an arena of its own, which keeps what it
 * touched; two arenas hold 10–20 MB less after a load. Read by glibc at start: an environment
 * variable of the process, not something the process can set for itself.
 */
export const API_ENV = { MALLOC_ARENA_MAX: '2' } as const;
