// Content of one service page.

import { servicePageMeta } from './pages.ts';
import {
  type AnalysisArea,
  type AnalysisService,
  type ClientStory,
  type Outcome,
  type PageIntro,
  processSteps,
} from './service-page-types.ts';

export const analysisPage = {
  intro: {
    ...servicePageMeta.analysis,
    lead: 'Know where you stand: a clear digital readiness assessment of your processes, systems and data, and a plan for where technology pays off first.',
    calls: [
      { label: 'Book an Assessment', to: '/contact' },
      { label: 'Explore AI Solutions', to: '/artificial-intelligence' },
    ],
  } satisfies PageIntro,
  services: [
    {
      title: 'Digital Readiness Assessment',
      description: 'Where you are today and what to fix first.',
      deliverables: ['Readiness scorecard', 'Quick-win list', 'Executive summary'],
    },
    {
      title: 'Process Mapping',
      description: 'Your key processes drawn as they really run.',
      deliverables: ['Current-state maps', 'Bottleneck analysis', 'Future-state design'],
    },
    {
      title: 'Requirements & Vendor Selection',
      description: 'Buy the right software the first time.',
      deliverables: ['Requirements document', 'Vendor shortlist', 'Scoring matrix'],
    },
    {
      title: 'Technology Roadmap',
      description: 'A costed, phased plan for the next 12-24 months.',
      deliverables: ['Prioritised roadmap', 'Budget ranges', 'Risk register'],
    },
  ] satisfies AnalysisService[],
  areas: [
    {
      area: 'Processes',
      description: 'How work moves through your business.',
      checkpoints: ['Manual steps', 'Hand-offs', 'Rework'],
    },
    {
      area: 'Systems',
      description: 'The software you run and how well it fits.',
      checkpoints: ['Overlaps', 'Gaps', 'Integration'],
    },
    {
      area: 'Data',
      description: 'The quality and reach of your information.',
      checkpoints: ['Accuracy', 'Access', 'Reporting'],
    },
    {
      area: 'People',
      description: 'Skills, habits and readiness for change.',
      checkpoints: ['Training needs', 'Ownership', 'Adoption'],
    },
  ] satisfies AnalysisArea[],
  outcomes: [
    { title: 'Clarity', description: 'One shared picture of how the business runs today.' },
    { title: 'Priorities', description: 'Projects ranked by value, cost and risk.' },
    { title: 'Savings', description: 'Typical findings worth 30-50% efficiency in key processes.' },
    { title: 'Confidence', description: 'Decisions backed by evidence, not vendor sales pitches.' },
  ] satisfies Outcome[],
  stories: [
    {
      client: 'Breslau Logistics',
      challenge: 'Three systems, no single view of a shipment.',
      result: 'A roadmap that unified dispatch and billing within a year.',
      timeline: '3 weeks',
    },
    {
      client: 'Grand Valley Dental Group',
      challenge: 'Choosing a new practice-management system.',
      result: 'A clear vendor choice and a migration plan with no downtime.',
      timeline: '4 weeks',
    },
    {
      client: 'Laurel Creek Accounting',
      challenge: 'Tax season overtime every year.',
      result: 'Automation priorities that cut 9 hours per accountant weekly.',
      timeline: '2 weeks',
    },
  ] satisfies ClientStory[],
  process: processSteps([
    { title: 'Kick-off', description: 'Goals, scope and the people we should talk to.' },
    { title: 'Interviews', description: 'Short sessions with the people who do the work.' },
    { title: 'Analysis', description: 'We map processes, systems and data and find the gaps.' },
    { title: 'Recommendations', description: 'Options with costs, benefits and risks.' },
    { title: 'Roadmap', description: 'A phased plan you can act on straight away.' },
  ]),
};
