import type { CareersEvent } from '@kw/careers';
import { jobCategoryStream, jobStream } from '@kw/careers';
import { slugFromTitle } from '@kw/careers/presentation';
import type { DemoStream } from './types.ts';

const ENGINEERING = '7a0c1e52-4d0b-4f7e-9b61-0c5d3a2e9001';
const CONSULTING = '7a0c1e52-4d0b-4f7e-9b61-0c5d3a2e9002';

const category = (categoryId: string, name: string, description: string): DemoStream => ({
  streamId: jobCategoryStream(categoryId),
  events: [
    { type: 'JobCategoryCreated', data: { categoryId, name, description, isActive: true } },
  ] satisfies CareersEvent[],
});

/** Demo job categories and jobs: two open positions and one draft. */
export function demoCareersStreams(): DemoStream[] {
  const jobs = [
    {
      jobId: '7a0c1e52-4d0b-4f7e-9b61-0c5d3a2e9101',
      categoryId: ENGINEERING,
      title: 'Machine Learning Engineer',
      description:
        '<p>Design, build and run forecasting, document-understanding and quoting models for small and medium manufacturers and service firms across Waterloo Region.</p><p>You will work directly with clients, from the first workshop to production.</p>',
      location: 'Cambridge, ON',
      employmentType: 'full-time' as const,
      salaryRange: '$95,000 - $125,000',
      experienceLevel: 'senior' as const,
      requirements:
        '4+ years building machine-learning systems in Python\nExperience putting models into production\nClear writing for non-technical readers',
      responsibilities:
        'Scope AI projects with clients\nBuild and evaluate models\nDeploy and monitor them with our software team',
      benefits:
        'Health and dental from day one\nHybrid work, three days in Cambridge\nLearning budget',
      published: true,
    },
    {
      jobId: '7a0c1e52-4d0b-4f7e-9b61-0c5d3a2e9102',
      categoryId: CONSULTING,
      title: 'Business Analyst (Automation)',
      description:
        '<p>Map how our clients work today, find the hours lost to copy and paste, and design the integrations and automations that give them back.</p>',
      location: 'Kitchener, ON',
      employmentType: 'contract' as const,
      salaryRange: '',
      experienceLevel: 'mid' as const,
      requirements: 'Experience with process mapping\nComfort with no-code and low-code tools',
      responsibilities: 'Run discovery sessions\nWrite clear requirements\nMeasure outcomes',
      benefits: '',
      published: true,
    },
    {
      jobId: '7a0c1e52-4d0b-4f7e-9b61-0c5d3a2e9103',
      categoryId: ENGINEERING,
      title: 'Full-Stack Developer (draft)',
      description:
        '<p>Build web applications and integrations in TypeScript for local businesses. This posting is still a draft.</p>',
      location: 'Remote (Ontario)',
      employmentType: 'remote' as const,
      salaryRange: '$80,000 - $100,000',
      experienceLevel: 'mid' as const,
      requirements: '',
      responsibilities: '',
      benefits: '',
      published: false,
    },
  ];
  return [
    category(ENGINEERING, 'Engineering', 'Software and machine-learning engineering'),
    category(CONSULTING, 'Consulting', 'Analysis, strategy and client delivery'),
    ...jobs.map(({ published, ...content }) => ({
      streamId: jobStream(content.jobId),
      events: [
        { type: 'JobCreated' as const, data: content },
        {
          type: 'JobSlugAssigned' as const,
          data: { jobId: content.jobId, slug: slugFromTitle(content.title) },
        },
        ...(published ? [{ type: 'JobPublished' as const, data: { jobId: content.jobId } }] : []),
      ] satisfies CareersEvent[],
    })),
  ];
}
