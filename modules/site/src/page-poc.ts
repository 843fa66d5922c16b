// Content of one service page.

import { servicePageMeta } from './pages.ts';
import {
  type Outcome,
  type PageIntro,
  type PocService,
  type PocStory,
  processSteps,
} from './service-page-types.ts';

export const pocPage = {
  intro: {
    ...servicePageMeta.poc,
    lead: 'Test your idea with a working prototype, real users and real data in weeks, before you commit a full budget.',
    calls: [
      { label: 'Validate Your Idea', to: '/contact' },
      { label: 'Custom Software Development', to: '/custom-software-dev' },
    ],
  } satisfies PageIntro,
  services: [
    {
      title: 'Rapid Prototyping',
      description: 'A clickable, working version of your idea.',
      timeline: '2-4 weeks',
      outcome: 'A prototype you can put in front of users',
    },
    {
      title: 'User Validation',
      description: 'Structured testing with the people who would use it.',
      timeline: '1-2 weeks',
      outcome: 'Evidence of what users need and value',
    },
    {
      title: 'Market Testing',
      description: 'Landing pages and pilots that measure real demand.',
      timeline: '2-3 weeks',
      outcome: 'Sign-ups, conversion and pricing signals',
    },
    {
      title: 'Technical Feasibility',
      description: 'Can it be built, with what, and at what cost?',
      timeline: '1-2 weeks',
      outcome: 'A go / no-go with the risks named',
    },
  ] satisfies PocService[],
  benefits: [
    { title: 'Lower risk', description: 'Spend weeks, not months, finding out if an idea works.' },
    { title: 'Real evidence', description: 'Decide with user feedback and data, not guesses.' },
    { title: 'Investor-ready', description: 'A working demo makes funding conversations easier.' },
    {
      title: 'A head start',
      description: 'Good prototypes become the first version of the product.',
    },
  ] satisfies Outcome[],
  process: processSteps([
    { title: 'Define', description: 'The question the proof of concept must answer.' },
    { title: 'Design', description: 'The smallest thing that answers it.' },
    { title: 'Build', description: 'A working prototype in short iterations.' },
    { title: 'Validate', description: 'Test with real users and real data.' },
    { title: 'Decide', description: 'Go, adjust or stop, with the evidence in hand.' },
  ]),
  stories: [
    {
      client: 'Conestoga Precision Machining',
      concept: 'AI that drafts quotes from drawings',
      validation: 'Tested on 50 past jobs against estimators',
      outcome: 'Built into production after a 92% match rate',
      timeline: '3 weeks',
    },
    {
      client: 'Elora Mill Provisions',
      concept: 'Subscription boxes for local products',
      validation: 'Landing page and a 100-customer pilot',
      outcome: 'Launched with 400 subscribers in the first month',
      timeline: '5 weeks',
    },
    {
      client: 'Waterloo Region Family Services Network',
      concept: 'A bilingual intake chatbot',
      validation: 'Two-week pilot with front-line staff',
      outcome: 'Approved for funding and rollout to six agencies',
      timeline: '4 weeks',
    },
  ] satisfies PocStory[],
  idealFor: [
    { title: 'Start-ups', description: 'Prove the idea before raising or spending.' },
    { title: 'Established SMEs', description: 'Try a new product line or process safely.' },
    { title: 'Non-profits', description: 'Show funders a working pilot.' },
    { title: 'Innovation teams', description: 'Test several ideas quickly and keep the best.' },
    { title: 'AI projects', description: 'Check the data supports the model first.' },
    { title: 'Legacy replacements', description: 'De-risk a big migration with a slice of it.' },
  ] satisfies Outcome[],
};
