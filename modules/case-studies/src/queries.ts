import { renderHtml } from '@kw/blog';
import { excerptOrFallback } from '@kw/blog/presentation';
import {
  type Audience,
  type PublishableRow,
  publishableFields,
  withRenditions,
} from '@kw/blog/publishable';
import type { Db } from '@kw/platform';
import type { CaseStudy, CaseStudyDetail, CaseStudySummary } from './contract.ts';
import { CASE_STUDY_EXCERPT_FALLBACK } from './presentation.ts';
import { CASE_STUDIES } from './projection.ts';

interface Row extends PublishableRow {
  client_name: string;
  industry: string;
  project_type: string;
  results: string;
  technologies: string[];
}

const toCaseStudy = (row: Row): CaseStudy => ({
  ...publishableFields(row),
  clientName: row.client_name,
  industry: row.industry,
  projectType: row.project_type,
  technologies: row.technologies,
  results: row.results,
});

/** A visitor sees published case studies only; the administrator sees drafts too. */
function audienceQuery(db: Db, audience: Audience) {
  const query = db<Row>(CASE_STUDIES);
  return audience === 'public' ? query.where({ published: true }) : query;
}

/** Newest first. */
export async function listCaseStudies(db: Db, audience: Audience): Promise<CaseStudy[]> {
  const rows = await audienceQuery(db, audience).orderBy('created_at', 'desc').limit(2000);
  return rows.map(toCaseStudy);
}

/**
 * The public list (what its cards show, its search and filter read), newest first: no content,
 * the card's excerpt computed here (the study's own, else the first 150 characters of its text).
 */
export async function listCaseStudySummaries(db: Db): Promise<CaseStudySummary[]> {
  const rows = await audienceQuery(db, 'public')
    .select(
      'id',
      'slug',
      'title',
      'excerpt',
      db.raw("case when trim(excerpt) = '' then content else '' end as content"),
      'featured_image',
      'client_name',
      'industry',
      'project_type',
      'technologies',
      'tags',
      'created_at',
    )
    .orderBy('created_at', 'desc')
    .limit(2000);
  const summaries = (rows as unknown as Row[]).map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: excerptOrFallback(row.excerpt, row.content, CASE_STUDY_EXCERPT_FALLBACK),
    featuredImage: row.featured_image,
    clientName: row.client_name,
    industry: row.industry,
    projectType: row.project_type,
    technologies: row.technologies,
    tags: row.tags,
    createdAt: row.created_at.toISOString(),
  }));
  return withRenditions(db, summaries);
}

export async function findCaseStudyBySlug(
  db: Db,
  slug: string,
  audience: Audience,
): Promise<CaseStudy | undefined> {
  const row = await audienceQuery(db, audience).where({ slug }).first();
  return row ? (await withRenditions(db, [toCaseStudy(row)]))[0] : undefined;
}

/** One case study as its page shows it: its HTML made safe, headings anchored. */
export function caseStudyDetail(study: CaseStudy): CaseStudyDetail {
  const { html, headings } = renderHtml(study.content);
  return { ...study, html, headings };
}
