import { createPost, postStream } from '@kw/blog';
import { postInputSchema } from '@kw/blog/contract';
import { caseStudyStream, createCaseStudy } from '@kw/case-studies';
import { caseStudyInputSchema } from '@kw/case-studies/contract';
import type { DemoStream } from './types.ts';

// Images are small SVGs shipped with the web app (apps/web/public/media/demo), served at /media/demo.
const img = (name: string) => `/media/demo/${name}.svg`;

const POSTS = [
  {
    id: '2a5e0c51-7f3b-4c1e-9d8a-000000000001',
    title: 'Five Places AI Pays Off First for Small Manufacturers',
    slug: 'five-places-ai-pays-off-first',
    excerpt:
      'Quoting, scheduling, quality, maintenance and reporting: where a small shop sees returns in weeks, not years.',
    featuredImage: img('ai-forecasting'),
    categories: ['Artificial Intelligence'],
    tags: ['ai', 'manufacturing', 'roi'],
    publishedAt: '2026-10-28T13:00:00Z',
    content: `Most owners we meet in Waterloo Region do not need a moonshot. They need one process that stops eating their evenings.

## 1. Quoting
Custom-part quotes are slow because the knowledge lives in one estimator's head. A model trained on past jobs drafts the quote; the estimator checks it.

## 2. Scheduling
A forecast of next week's orders lets you staff the right shifts.

![Forecast chart](${img('ai-forecasting')})

## 3. Quality
Photos from the line, checked by a vision model, catch defects before they ship.

### What it takes
- A few hundred labelled photos
- A camera you probably already own

## 4. Maintenance
Vibration and temperature readings predict failures days ahead.

## 5. Reporting
Ask questions of your ERP in plain English.

## Where to start
Pick the process with the clearest cost. Measure it for two weeks. Then talk to us.`,
  },
  {
    id: '2a5e0c51-7f3b-4c1e-9d8a-000000000002',
    title: 'Connecting Your Booking System to Your Accounting Software',
    slug: 'connecting-booking-and-accounting',
    excerpt: 'No more re-typing invoices: how a small clinic linked its tools in two weeks.',
    featuredImage: img('integration'),
    categories: ['Integration & Automation'],
    tags: ['integration', 'automation', 'healthcare'],
    publishedAt: '2026-10-14T13:00:00Z',
    content: `Re-typing the same numbers into two systems is the most common waste we see.

## The problem
Appointments are booked in one tool and invoiced in another.

## The approach
We used the booking system's webhooks and the accounting API.

![Integration diagram](${img('workflow-diagram')})

## The result
- Invoices created within a minute of each visit
- Five hours a week given back to the front desk`,
  },
  {
    id: '2a5e0c51-7f3b-4c1e-9d8a-000000000003',
    title: 'Is Your Data Ready for AI? A Ten-Minute Checklist',
    slug: 'is-your-data-ready-for-ai',
    excerpt: '',
    featuredImage: img('data-readiness'),
    categories: ['Digital Readiness'],
    tags: ['data', 'ai', 'checklist'],
    publishedAt: '2026-09-30T13:00:00Z',
    content: `Before any model, there is data. Answer these questions honestly.

# The checklist

## Where does it live?
Spreadsheets, an ERP, e-mail attachments? List them.

## Who owns it?
Every table needs a person who can say what a column means.

## How clean is it?
Count the blanks and the duplicates in one key table.

## Can you get it out?
An export or an API beats a screenshot.`,
  },
  {
    id: '2a5e0c51-7f3b-4c1e-9d8a-000000000004',
    title: 'Proof of Concept in Four Weeks: How We Run One',
    slug: 'proof-of-concept-in-four-weeks',
    excerpt: 'A small, honest experiment before a big investment.',
    featuredImage: img('custom-software'),
    categories: ['Proof of Concept'],
    tags: ['poc', 'process'],
    publishedAt: '2026-09-16T13:00:00Z',
    content: `A proof of concept answers one question: will this work for us?

## Week 1: Frame the question
We agree on one measurable outcome.

## Weeks 2-3: Build the smallest thing
Real data, rough edges.

## Week 4: Decide
Go, change course, or stop — all three are good outcomes.`,
  },
  {
    id: '2a5e0c51-7f3b-4c1e-9d8a-000000000005',
    title: 'Automating the Monthly Report Nobody Wants to Write',
    slug: 'automating-the-monthly-report',
    excerpt: 'Power Automate, a spreadsheet and an afternoon.',
    featuredImage: img('automation'),
    categories: ['Integration & Automation'],
    tags: ['automation', 'reporting', 'power automate'],
    publishedAt: '2026-08-26T13:00:00Z',
    content: `Every month someone copies numbers from three places into one deck.

## Step one: find the sources
## Step two: schedule the flow
## Step three: review, don't retype

The report now arrives in the inbox at 7 AM on the first of the month.`,
  },
];

const DRAFT = {
  id: '2a5e0c51-7f3b-4c1e-9d8a-000000000006',
  title: 'Draft: Our 2027 Predictions for Local Business AI',
  slug: 'predictions-2027-draft',
  excerpt: 'Not ready yet.',
  categories: ['Artificial Intelligence'],
  tags: ['draft'],
  content: '## Work in progress\nNotes for the year-end post.',
};

const CASE_STUDIES = [
  {
    id: '8c1b2f0e-4d7a-4e55-8b9c-000000000001',
    title: 'Quoting in Hours, Not Days, for a Precision Machine Shop',
    slug: 'quoting-in-hours-machine-shop',
    clientName: 'Raman Precision Machining',
    industry: 'Manufacturing',
    projectType: 'AI Solutions',
    technologies: ['Python', 'Azure', 'Power BI', 'React'],
    tags: ['ai', 'quoting'],
    excerpt: 'A quoting assistant trained on ten years of jobs cut quote time by 80%.',
    featuredImage: img('ai-forecasting'),
    results:
      'Quote turnaround: 3 days → 4 hours\nWin rate up 18%\nEstimator time freed for complex jobs',
    content: `<h2>The Challenge</h2><p>Quotes waited on one senior estimator.</p><h2>Our Approach</h2><h3>Learning from past jobs</h3><p>We trained a model on ten years of quotes and actual costs.</p><img src="${img('workflow-diagram')}" alt="Quoting workflow"><h3>Keeping people in charge</h3><p>The estimator reviews every draft.</p><h2>The Outcome</h2><p>Quotes now go out the same day.</p>`,
  },
  {
    id: '8c1b2f0e-4d7a-4e55-8b9c-000000000002',
    title: 'Booking and Billing in Step at a Family Dental Practice',
    slug: 'booking-and-billing-dental-practice',
    clientName: 'Tremblay Family Dental',
    industry: 'Healthcare',
    projectType: 'Integration & Automation',
    technologies: ['Power Automate', 'REST API', 'SharePoint'],
    tags: ['integration', 'healthcare'],
    excerpt: '',
    featuredImage: img('integration'),
    results: 'Five hours a week saved at the front desk\nNo more missed invoices',
    content:
      '<h2>The Challenge</h2><p>Two systems that did not talk.</p><h2>The Solution</h2><h3>Webhooks</h3><p>Each appointment creates its invoice.</p><h4>Safeguards</h4><p>Every sync is logged and retried.</p><h2>Results</h2><p>The front desk stopped re-typing.</p>',
  },
  {
    id: '8c1b2f0e-4d7a-4e55-8b9c-000000000003',
    title: 'A Month-End Close Two Days Faster for a Credit Union',
    slug: 'faster-month-end-credit-union',
    clientName: 'Confidential Client',
    industry: 'Finance',
    projectType: 'Custom Software Development',
    technologies: ['.NET', 'SQL Server', 'Azure', 'Power BI', 'TypeScript'],
    tags: ['finance', 'reporting'],
    excerpt: 'Reconciliation rules in code, not in spreadsheets.',
    featuredImage: img('data-readiness'),
    results: 'Close shortened from 6 to 4 days',
    content:
      '<h2>Context</h2><p>Reconciliations lived in forty spreadsheets.</p><h2>What We Built</h2><p>A rules engine with an audit trail.</p><h2>Impact</h2><p>Two days saved every month.</p>',
  },
  {
    id: '8c1b2f0e-4d7a-4e55-8b9c-000000000004',
    title: 'Inventory That Matches Reality for an Online Outdoor Store',
    slug: 'inventory-sync-online-store',
    clientName: 'Grand Trail Outfitters',
    industry: 'E-commerce',
    projectType: 'Integration & Automation',
    technologies: ['Shopify', 'Node.js', 'PostgreSQL'],
    tags: ['e-commerce', 'inventory'],
    excerpt: 'Overselling stopped after a nightly and on-demand stock sync.',
    featuredImage: img('automation'),
    results: 'Oversold orders down 95%',
    content:
      '<h2>The Problem</h2><p>The warehouse and the web shop disagreed.</p><h2>The Fix</h2><p>A sync service with conflict rules.</p>',
  },
];

/** Demo blog posts (five published with headings and images, one draft) and case studies. */
export function demoContentStreams(): DemoStream[] {
  const now = new Date('2026-11-01T12:00:00Z');
  const posts = POSTS.map(({ id, ...post }) => ({
    streamId: postStream(id),
    events: createPost(id, postInputSchema.parse({ ...post, published: true }), now),
  }));
  const draft = {
    streamId: postStream(DRAFT.id),
    events: createPost(DRAFT.id, postInputSchema.parse({ ...DRAFT, published: false }), now),
  };
  const studies = CASE_STUDIES.map(({ id, ...study }) => ({
    streamId: caseStudyStream(id),
    events: createCaseStudy(id, caseStudyInputSchema.parse({ ...study, published: true })),
  }));
  return [...posts, draft, ...studies];
}
