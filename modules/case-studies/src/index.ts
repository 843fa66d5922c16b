import type { Db, ServerModule } from '@kw/platform';
import { caseStudiesProjection } from './projection.ts';
import { listCaseStudies } from './queries.ts';
import { caseStudyRoutes } from './routes.ts';

export { createCaseStudy } from './commands.ts';
export type { CaseStudyEvent } from './events.ts';
export { caseStudiesEvents, caseStudyStream } from './events.ts';
export { CASE_STUDIES_CONTENT } from './projection.ts';
export { caseStudyDetail, findCaseStudyBySlug, listCaseStudySummaries } from './queries.ts';

export const caseStudiesModule: ServerModule = {
  name: 'case-studies',
  routes: caseStudyRoutes,
  projections: [caseStudiesProjection],
  subscriptions: [],
  async sitemap(db: Db) {
    const studies = await listCaseStudies(db, 'public');
    return studies.map((s) => ({
      path: `/case-studies/${s.slug}`,
      lastModified: new Date(s.updatedAt),
    }));
  },
};
