/**
 * The V8 settings the API process runs with (as NODE_OPTIONS, or on node's command line): a
 * young generation of 2 x 16 MB rather than V8's 2 x 32 MB on a large machine. Under a read load
 * the API allocates fast and keeps little, and the larger one is resident memory for nothing
 * (about 30 MB more at the top of `make bench`'s read load), for no measurable throughput.
 */
export const API_NODE_OPTIONS = '--max-semi-space-size=16';
