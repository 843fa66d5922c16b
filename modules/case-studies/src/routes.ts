import { publishableRoutes, sourceBody } from '@kw/blog/publishable';
import { ValidationError } from '@kw/platform';
import { jsonBodyLimit, type RouteDef, route } from '@kw/platform/http';
import {
  recentlyDeletedCaseStudies,
  removeCaseStudy,
  restoreCaseStudyVersion,
  saveCaseStudy,
} from './commands.ts';
import {
  CASE_STUDY_CONTENT_MAX,
  type CaseStudyImportPreview,
  caseStudyInputSchema,
} from './contract.ts';
import { caseStudyImport, NOTHING_TO_IMPORT } from './importer.ts';
import {
  caseStudyDetail,
  findCaseStudyBySlug,
  listCaseStudies,
  listCaseStudySummaries,
} from './queries.ts';

const IMPORT_MAX = 5_000_000;
const importBody = sourceBody(IMPORT_MAX, 'The CSV is too large');
const importBodyLimit = jsonBodyLimit(IMPORT_MAX);

export const caseStudyRoutes: RouteDef[] = [
  ...publishableRoutes({
    path: '/api/case-studies',
    noun: 'Case study',
    plural: 'case studies',
    input: caseStudyInputSchema,
    bodyLimit: jsonBodyLimit(CASE_STUDY_CONTENT_MAX),
    list: (db, audience) =>
      audience === 'public' ? listCaseStudySummaries(db) : listCaseStudies(db, audience),
    find: findCaseStudyBySlug,
    detail: caseStudyDetail,
    save: saveCaseStudy,
    remove: removeCaseStudy,
    restore: restoreCaseStudyVersion,
    deleted: { path: '/api/admin/deleted/case-studies', list: recentlyDeletedCaseStudies },
  }),
  route({
    method: 'post',
    path: '/api/case-studies/import/preview',
    access: 'admin',
    body: importBody,
    bodyLimit: importBodyLimit,
    handler({ body }): CaseStudyImportPreview {
      const { items, skipped, warnings } = caseStudyImport(body.source);
      return { count: items.length, items, skipped, warnings };
    },
  }),
  route({
    method: 'post',
    path: '/api/case-studies/import',
    access: 'admin',
    body: importBody,
    bodyLimit: importBodyLimit,
    async handler({ body, services, metadata }) {
      const { items, skipped } = caseStudyImport(body.source);
      // Nothing to import is not a success.
      if (items.length === 0)
        throw new ValidationError(
          [{ path: 'source', message: NOTHING_TO_IMPORT(skipped) }],
          NOTHING_TO_IMPORT(skipped),
        );
      // All rows or none; a second import of the same rows updates them by slug.
      const results = await services.db.transaction(async (trx) => {
        const out: { id: string; created: boolean }[] = [];
        for (const item of items)
          out.push(
            await saveCaseStudy(services.store, item, metadata, { upsertBySlug: true, trx }),
          );
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
