import { describeRecords } from '@kw/platform';
import { caseStudiesEvents } from './events.ts';

// How a case study's events read in its History drawer: what each did, and the fields it set.

export const caseStudyHistory = describeRecords({
  kind: 'case-study',
  nameField: 'title',
  label: 'Case study',
  events: caseStudiesEvents,
  restorable: true,
  fields: {
    title: { label: 'Title' },
    slug: { label: 'Slug' },
    published: { label: 'Published' },
    clientName: { label: 'Client' },
    industry: { label: 'Industry' },
    projectType: { label: 'Project type' },
    excerpt: { label: 'Excerpt' },
    content: { label: 'Content', long: true },
    results: { label: 'Results', long: true },
    technologies: { label: 'Technologies' },
    featuredImage: { label: 'Featured image' },
    tags: { label: 'Tags' },
    seoTitle: { label: 'SEO title' },
    seoDescription: { label: 'SEO description' },
  },
  describe(event) {
    switch (event.type) {
      case 'CaseStudyCreated': {
        const { caseStudyId: _id, ...set } = event.data;
        return { action: 'Created', set: { ...set, published: false }, lifecycle: 'live' };
      }
      case 'CaseStudyUpdated': {
        const { caseStudyId: _id, ...set } = event.data;
        return { action: 'Edited', set };
      }
      case 'CaseStudyPublished':
        return { action: 'Published', set: { published: true } };
      case 'CaseStudyUnpublished':
        return { action: 'Unpublished', set: { published: false } };
      case 'CaseStudyDeleted':
        return { action: 'Deleted', set: { published: false }, lifecycle: 'deleted' };
      case 'CaseStudyRestored': {
        const { caseStudyId: _id, fromVersion, ...set } = event.data;
        return { action: `Restored version ${fromVersion}`, set, lifecycle: 'live' };
      }
    }
  },
});
