import type { Db, Trx } from '@kw/platform';
import type { CaseStudy } from './contract.ts';
import { CASE_STUDIES } from './projection.ts';

interface Row {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  featured_image: string;
  client_name: string;
  industry: string;
  project_type: string;
  results: string;
  technologies: string[];
  tags: string[];
  published: boolean;
  seo_title: string;
  seo_description: string;
  created_at: Date;
  updated_at: Date;
  version: number;
}

function toCaseStudy(row: Row): CaseStudy {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    clientName: row.client_name,
    industry: row.industry,
    projectType: row.project_type,
    technologies: row.technologies,
    tags: row.tags,
    featuredImage: row.featured_image,
    results: row.results,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    published: row.published,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
}

export async function listCaseStudies(db: Db, audience: 'public' | 'admin'): Promise<CaseStudy[]> {
  const query = db<Row>(CASE_STUDIES);
  if (audience === 'public') query.where({ published: true });
  const rows = await query.orderBy('created_at', 'desc').limit(2000);
  return rows.map(toCaseStudy);
}

export async function findCaseStudyBySlug(
  db: Db,
  slug: string,
  audience: 'public' | 'admin',
): Promise<CaseStudy | undefined> {
  const query = db<Row>(CASE_STUDIES).where({ slug });
  if (audience === 'public') query.andWhere({ published: true });
  const row = await query.first();
  return row ? toCaseStudy(row) : undefined;
}

export async function findCaseStudyIdBySlug(
  db: Db | Trx,
  slug: string,
): Promise<string | undefined> {
  const row = await db<Row>(CASE_STUDIES).where({ slug }).first('id');
  return row?.id;
}
