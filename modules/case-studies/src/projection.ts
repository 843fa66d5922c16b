import { bumpContentRevision } from '@kw/blog';
import type { Projection, StoredEvent, Trx } from '@kw/platform';
import type { CaseStudyEvent, CaseStudyFields } from './events.ts';
import { CASE_STUDY_EVENT_TYPES } from './events.ts';

export const CASE_STUDIES = 'case_studies';

function columns(d: CaseStudyFields) {
  return {
    title: d.title,
    slug: d.slug,
    content: d.content,
    excerpt: d.excerpt,
    featured_image: d.featuredImage,
    client_name: d.clientName,
    industry: d.industry,
    project_type: d.projectType,
    results: d.results,
    technologies: JSON.stringify(d.technologies),
    tags: JSON.stringify(d.tags),
    seo_title: d.seoTitle,
    seo_description: d.seoDescription,
  };
}

export const caseStudiesProjection: Projection = {
  name: 'case-studies',
  mode: 'inline',
  tables: [CASE_STUDIES],
  handles: CASE_STUDY_EVENT_TYPES,
  async apply(trx: Trx, stored: StoredEvent) {
    const event = { type: stored.type, data: stored.data } as CaseStudyEvent;
    const at = stored.occurredAt;
    const meta = { updated_at: at, version: stored.version };
    const id = event.data.caseStudyId;
    switch (event.type) {
      case 'CaseStudyCreated':
        await trx(CASE_STUDIES)
          .insert({ id, ...columns(event.data), created_at: at, ...meta })
          .onConflict('id')
          .ignore();
        break;
      case 'CaseStudyUpdated':
        await trx(CASE_STUDIES)
          .where({ id })
          .update({ ...columns(event.data), ...meta });
        break;
      case 'CaseStudyPublished':
        await trx(CASE_STUDIES)
          .where({ id })
          .update({ published: true, ...meta });
        break;
      case 'CaseStudyUnpublished':
        await trx(CASE_STUDIES)
          .where({ id })
          .update({ published: false, ...meta });
        break;
      case 'CaseStudyDeleted':
        await trx(CASE_STUDIES).where({ id }).delete();
        break;
    }
    await bumpContentRevision(trx, 'case-studies');
  },
};
