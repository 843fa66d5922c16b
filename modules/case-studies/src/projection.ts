import { publishableColumns, publishableRows } from '@kw/blog/publishable';
import { bumpContentRevision, defineProjection } from '@kw/platform';
import { type CaseStudyFields, caseStudiesEvents } from './events.ts';

export const CASE_STUDIES = 'case_studies';

/** The page cache's name for what the case studies' pages and list show. */
export const CASE_STUDIES_CONTENT = 'case-studies';

function columns(d: CaseStudyFields) {
  return {
    ...publishableColumns(d),
    client_name: d.clientName,
    industry: d.industry,
    project_type: d.projectType,
    results: d.results,
    technologies: JSON.stringify(d.technologies),
  };
}

export const caseStudiesProjection = defineProjection({
  name: 'case-studies',
  mode: 'inline',
  tables: [CASE_STUDIES],
  events: caseStudiesEvents,
  async apply(trx, event) {
    const rows = publishableRows(trx, CASE_STUDIES, event);
    const id = event.data.caseStudyId;
    switch (event.type) {
      case 'CaseStudyCreated':
        await rows.insert(id, columns(event.data));
        break;
      case 'CaseStudyUpdated':
        await rows.update(id, columns(event.data));
        break;
      case 'CaseStudyPublished':
        await rows.update(id, { published: true });
        break;
      case 'CaseStudyUnpublished':
        await rows.update(id, { published: false });
        break;
      case 'CaseStudyDeleted':
        await rows.remove(id);
        break;
      case 'CaseStudyRestored':
        await rows.restore(id, columns(event.data));
        break;
    }
    // Every change of a case study moves the page cache's stamp, in the event's transaction.
    await bumpContentRevision(trx, CASE_STUDIES_CONTENT);
  },
});
