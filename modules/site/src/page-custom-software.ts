// Content of one service page.

import { servicePageMeta } from './pages.ts';
import {
  type DevelopmentService,
  type PageIntro,
  type Project,
  processSteps,
} from './service-page-types.ts';

export const customSoftwarePage = {
  intro: {
    ...servicePageMeta.customSoftware,
    lead: 'Web applications, portals and internal tools shaped around your business, not the other way round.',
    calls: [
      { label: 'Discuss Your Project', to: '/contact' },
      { label: 'Start with a Proof of Concept', to: '/poc-services' },
    ],
  } satisfies PageIntro,
  services: [
    {
      title: 'Web Applications',
      description: 'Secure, fast applications your staff and customers use every day.',
      features: ['Responsive design', 'Role-based access', 'Accessible (WCAG AA)'],
      technologies: ['React', 'TypeScript', 'Node.js'],
    },
    {
      title: 'Client Portals',
      description: 'Let customers order, book, upload and track without phoning you.',
      features: ['Self-service accounts', 'Document exchange', 'Notifications'],
      technologies: ['React', 'PostgreSQL', 'Azure'],
    },
    {
      title: 'Internal Tools & Dashboards',
      description: 'Replace the spreadsheets that run your business with something reliable.',
      features: ['Live dashboards', 'Approvals and workflows', 'Audit trail'],
      technologies: ['TypeScript', 'Power BI', 'SQL'],
    },
    {
      title: 'Legacy Modernisation',
      description: 'Move ageing desktop or Access systems to the web without losing your data.',
      features: ['Data migration', 'Phased rollout', 'Training and support'],
      technologies: ['.NET', 'Azure', 'PostgreSQL'],
    },
  ] satisfies DevelopmentService[],
  projects: [
    {
      client: 'Grand Valley Dental Group',
      project: 'Patient intake portal',
      description: 'Online forms and consent replacing paper clipboards across four clinics.',
      results: ['Check-in time halved', 'No more re-typed forms'],
      technologies: ['React', 'Node.js', 'PostgreSQL'],
    },
    {
      client: 'Breslau Logistics',
      project: 'Dispatch dashboard',
      description: 'Live view of loads, drivers and delivery windows for the dispatch team.',
      results: ['40% fewer dispatch calls', 'On-time rate up to 97%'],
      technologies: ['TypeScript', 'Azure', 'Power BI'],
    },
    {
      client: 'Hespeler Home Comfort',
      project: 'Service booking system',
      description: 'Online booking and technician scheduling for furnace and A/C service.',
      results: ['35% of bookings now online', '6 hours saved weekly at the front desk'],
      technologies: ['React', '.NET', 'SQL Server'],
    },
  ] satisfies Project[],
  process: processSteps([
    {
      title: 'Discovery',
      description: 'We learn how your team works and agree on the must-haves.',
    },
    {
      title: 'Design',
      description: 'Clickable designs you test before a line of code is written.',
    },
    { title: 'Build', description: 'Two-week iterations with a demo at the end of each one.' },
    {
      title: 'Launch & Support',
      description: 'A calm launch, training, and support with a local team.',
    },
  ]),
  techStack: [
    { column: 'Front end', items: ['React', 'TypeScript', 'Accessible HTML and CSS'] },
    { column: 'Back end', items: ['Node.js', '.NET', 'Python'] },
    { column: 'Data', items: ['PostgreSQL', 'SQL Server', 'Power BI'] },
    { column: 'Cloud', items: ['Microsoft Azure', 'Google Cloud', 'AWS'] },
  ],
};
