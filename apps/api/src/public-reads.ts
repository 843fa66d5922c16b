import {
  BLOG_CONTENT,
  findPostBySlug,
  listPostSummaries,
  postDetail,
  upcomingPublications,
} from '@kw/blog';
import {
  CAREERS_CONTENT,
  findJobPage,
  listJobCategories,
  listJobs,
  upcomingClosings,
} from '@kw/careers';
import {
  CASE_STUDIES_CONTENT,
  caseStudyDetail,
  findCaseStudyBySlug,
  listCaseStudySummaries,
} from '@kw/case-studies';
import { MEDIA_CONTENT } from '@kw/media';
import type { Db } from '@kw/platform';
import { PRIVACY_CONTENT, retentionPolicy } from '@kw/privacy';
import { founderPhoto, SITE_CONTENT } from '@kw/site/server';

// The reads a visitor's pages make, answered in this process by the modules' queries: the
// server renderer takes its data from here (no HTTP to itself), and the public lists are kept
// ready to send (see public-cache.ts). Each read names the kind of content it shows, whose
// changes make its cached answers stale.

export type ReadResult =
  | { status: 200; data: unknown }
  | { status: 404; data: { message: string } };

export interface PublicRead {
  /** The kind of content it shows (the page cache's scope, moved by that content's events). */
  scope: string;
  /** Other kinds it shows (the media library's image sizes and renditions). */
  alsoShows?: readonly string[];
  /**
   * The answer is the same for the administrator: it may be served from the cache whoever
   * asks. Otherwise only to requests without credentials (the administrator sees drafts).
   */
  sameForAdmin: boolean;
  /** A list, worth keeping ready as bytes (one item's answer is only read by the renderer). */
  list: boolean;
  load(db: Db): Promise<ReadResult>;
}

const found = (data: unknown): ReadResult => ({ status: 200, data });
const orNotFound = (item: unknown, message: string): ReadResult =>
  item ? { status: 200, data: item } : { status: 404, data: { message } };

/** The lists, by the exact URL the pages ask for them with. */
const LISTS: Record<string, PublicRead> = {
  '/api/blog?published=true': {
    scope: BLOG_CONTENT,
    alsoShows: [MEDIA_CONTENT],
    sameForAdmin: true,
    list: true,
    load: async (db) => found(await listPostSummaries(db)),
  },
  '/api/case-studies?published=true': {
    scope: CASE_STUDIES_CONTENT,
    alsoShows: [MEDIA_CONTENT],
    sameForAdmin: true,
    list: true,
    load: async (db) => found(await listCaseStudySummaries(db)),
  },
  '/api/jobs?published=true': {
    scope: CAREERS_CONTENT,
    sameForAdmin: false,
    list: true,
    load: async (db) => found(await listJobs(db, { visibleOnly: true })),
  },
  '/api/privacy/retention-policy': {
    scope: PRIVACY_CONTENT,
    sameForAdmin: true,
    list: true,
    load: async (db) => found(await retentionPolicy(db)),
  },
  // The about page's founder photo (Settings → Site; it follows its file's renditions itself).
  '/api/site/founder-photo': {
    scope: SITE_CONTENT,
    sameForAdmin: true,
    list: true,
    load: async (db) => found(await founderPhoto(db)),
  },
  '/api/job-categories': {
    scope: CAREERS_CONTENT,
    sameForAdmin: false,
    list: true,
    load: async (db) => found(await listJobCategories(db, { activeOnly: true })),
  },
};

/** One item by its slug (the post's and the case study's pages). */
const ITEMS: { prefix: string; read(slug: string): PublicRead }[] = [
  {
    prefix: '/api/blog/',
    read: (slug) => ({
      scope: BLOG_CONTENT,
      alsoShows: [MEDIA_CONTENT],
      sameForAdmin: false,
      list: false,
      load: async (db) => {
        const post = await findPostBySlug(db, slug, 'public');
        return orNotFound(post && postDetail(post), 'Blog post not found');
      },
    }),
  },
  {
    prefix: '/api/case-studies/',
    read: (slug) => ({
      scope: CASE_STUDIES_CONTENT,
      alsoShows: [MEDIA_CONTENT],
      sameForAdmin: false,
      list: false,
      load: async (db) => {
        const study = await findCaseStudyBySlug(db, slug, 'public');
        return orNotFound(study && caseStudyDetail(study), 'Case study not found');
      },
    }),
  },
  {
    // A job's page (a closed job's too: the page says so, with a 410).
    prefix: '/api/jobs/by-slug/',
    read: (slug) => ({
      scope: CAREERS_CONTENT,
      sameForAdmin: true,
      list: false,
      load: async (db) => orNotFound(await findJobPage(db, slug), 'Job not found'),
    }),
  },
];

/** The read a URL names (path and query as the web app writes it), if it is one of the pages' reads. */
export function publicRead(url: string): PublicRead | undefined {
  const list = LISTS[url];
  if (list) return list;
  for (const item of ITEMS) {
    if (!url.startsWith(item.prefix)) continue;
    const rest = url.slice(item.prefix.length);
    if (!rest || rest.includes('/') || rest.includes('?')) return undefined;
    try {
      return item.read(decodeURIComponent(rest));
    } catch {
      return undefined; // a malformed escape names nothing
    }
  }
  return undefined;
}

/** Every kind of content a read shows: its own, and the others it shows. */
export const scopesOf = (read: PublicRead): readonly string[] => [
  read.scope,
  ...(read.alsoShows ?? []),
];

/** The public lists' URLs (what public-cache.ts keeps ready). */
export const PUBLIC_LIST_URLS = Object.keys(LISTS);

/** The dates at which a kind's public content changes with no event: posts dated in the future. */
export const CONTENT_SCHEDULES: Record<string, (db: Db) => Promise<Date[]>> = {
  [BLOG_CONTENT]: (db) => upcomingPublications(db),
  // A job past its closing date leaves the list, and its page closes.
  [CAREERS_CONTENT]: (db) => upcomingClosings(db),
};
