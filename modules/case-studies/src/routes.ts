import { randomUUID } from 'node:crypto';
import { optionalAdmin } from '@kw/auth';
import { renderHtml } from '@kw/blog';
import { ConflictError, type Db, type EventMetadata, NotFoundError, type Trx } from '@kw/platform';
import { type AppServices, created, type RouteDef, route } from '@kw/platform/http';
import { z } from 'zod';
import { caseStudyState, createCaseStudy, deleteCaseStudy, updateCaseStudy } from './commands.ts';
import {
  type CaseStudy,
  type CaseStudyDetail,
  type CaseStudyInput,
  caseStudyInputSchema,
} from './contract.ts';
import { caseStudyStream } from './events.ts';
import { importCaseStudies } from './importer.ts';
import { findCaseStudyBySlug, findCaseStudyIdBySlug, listCaseStudies } from './queries.ts';

const idParams = z.object({ id: z.uuid('Unknown case study') });
const slugParams = z.object({ slug: z.string().min(1).max(300) });
const versionQuery = z.object({ version: z.coerce.number().int().min(0).optional() });
const sourceBody = z.object({ source: z.string().max(5_000_000, 'The CSV is too large') });

export const caseStudySlugTaken = (slug: string) =>
  `A case study with the slug "${slug}" already exists. Choose another slug.`;

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

async function assertSlugFree(db: Db | Trx, slug: string, id: string): Promise<void> {
  const owner = await findCaseStudyIdBySlug(db, slug);
  if (owner && owner !== id) throw new ConflictError(caseStudySlugTaken(slug));
}

export function caseStudyDetail(study: CaseStudy): CaseStudyDetail {
  const { html, headings } = renderHtml(study.content);
  return { ...study, html, headings };
}

export async function saveCaseStudy(
  services: AppServices,
  input: CaseStudyInput,
  metadata: EventMetadata,
  options: { id?: string; upsertBySlug?: boolean; trx?: Trx } = {},
): Promise<{ id: string; created: boolean }> {
  const db = options.trx ?? services.db;
  const trx = options.trx ? { trx: options.trx } : {};
  let id = options.id;
  if (!id && options.upsertBySlug) id = await findCaseStudyIdBySlug(db, input.slug);
  try {
    if (!id) {
      const newId = randomUUID();
      await assertSlugFree(db, input.slug, newId);
      await services.store.append(caseStudyStream(newId), 0, createCaseStudy(newId, input), {
        metadata,
        ...trx,
      });
      return { id: newId, created: true };
    }
    const history = await services.store.readStream(caseStudyStream(id), db);
    await assertSlugFree(db, input.slug, id);
    await services.store.append(
      caseStudyStream(id),
      input.version ?? history.length,
      updateCaseStudy(caseStudyState(history), id, input),
      { metadata, ...trx },
    );
    return { id, created: false };
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(caseStudySlugTaken(input.slug));
    throw error;
  }
}

export const caseStudyRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/case-studies',
    access: 'public',
    async handler({ req, services }) {
      const admin = await optionalAdmin(services, req);
      const onlyPublished = !admin || req.query.published === 'true';
      return listCaseStudies(services.db, onlyPublished ? 'public' : 'admin');
    },
  }),
  route({
    method: 'get',
    path: '/api/case-studies/:slug',
    access: 'public',
    params: slugParams,
    async handler({ req, params, services }) {
      const admin = await optionalAdmin(services, req);
      const study = await findCaseStudyBySlug(services.db, params.slug, admin ? 'admin' : 'public');
      if (!study) throw new NotFoundError('Case study not found');
      return caseStudyDetail(study);
    },
  }),
  route({
    method: 'post',
    path: '/api/case-studies',
    access: 'admin',
    body: caseStudyInputSchema,
    async handler({ body, services, metadata }) {
      await saveCaseStudy(services, body, metadata);
      return created(await findCaseStudyBySlug(services.db, body.slug, 'admin'));
    },
  }),
  route({
    method: 'put',
    path: '/api/case-studies/:id',
    access: 'admin',
    params: idParams,
    body: caseStudyInputSchema,
    async handler({ body, params, services, metadata }) {
      await saveCaseStudy(services, body, metadata, { id: params.id });
      return findCaseStudyBySlug(services.db, body.slug, 'admin');
    },
  }),
  route({
    method: 'delete',
    path: '/api/case-studies/:id',
    access: 'admin',
    params: idParams,
    query: versionQuery,
    async handler({ params, query, services, metadata }) {
      const history = await services.store.readStream(caseStudyStream(params.id));
      await services.store.append(
        caseStudyStream(params.id),
        query.version ?? history.length,
        deleteCaseStudy(caseStudyState(history), params.id),
        { metadata },
      );
      return { message: 'Case study deleted' };
    },
  }),
  route({
    method: 'post',
    path: '/api/case-studies/import/preview',
    access: 'admin',
    body: sourceBody,
    handler({ body }) {
      const items = importCaseStudies(body.source);
      return { count: items.length, items };
    },
  }),
  route({
    method: 'post',
    path: '/api/case-studies/import',
    access: 'admin',
    body: sourceBody,
    async handler({ body, services, metadata }) {
      const items = importCaseStudies(body.source);
      // All rows or none; a second import of the same rows updates them by slug.
      const results = await services.db.transaction(async (trx) => {
        const out: { id: string; created: boolean }[] = [];
        for (const item of items)
          out.push(await saveCaseStudy(services, item, metadata, { upsertBySlug: true, trx }));
        return out;
      });
      return {
        imported: results.length,
        created: results.filter((r) => r.created).length,
        updated: results.filter((r) => !r.created).length,
      };
    },
  }),
];
