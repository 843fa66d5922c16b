// The content of the five service pages (spec §3, "Per-page records").

import { servicePageMeta } from './pages.ts';

export interface ProcessStep {
  step: number;
  title: string;
  description: string;
}
export interface AiService {
  title: string;
  description: string;
  features: string[];
  benefits: string[];
}
export interface DevelopmentService {
  title: string;
  description: string;
  features: string[];
  technologies: string[];
}
export interface Project {
  client: string;
  project: string;
  description: string;
  results: string[];
  technologies: string[];
}
export type ToolCategory = 'No-Code' | 'Low-Code' | 'Custom' | 'Technical';
export interface IntegrationTool {
  name: string;
  description: string;
  category: ToolCategory;
}
export interface Metric {
  metric: string;
  description: string;
}
export interface AnalysisService {
  title: string;
  description: string;
  deliverables: string[];
}
export interface AnalysisArea {
  area: string;
  description: string;
  checkpoints: string[];
}
export interface Outcome {
  title: string;
  description: string;
}
export interface ClientStory {
  client: string;
  challenge: string;
  result: string;
  timeline: string;
}
export interface PocService {
  title: string;
  description: string;
  timeline: string;
  outcome: string;
}
export interface PocStory {
  client: string;
  concept: string;
  validation: string;
  outcome: string;
  timeline: string;
}
export interface CallToAction {
  label: string;
  to: string;
}
export interface PageIntro {
  path: string;
  title: string;
  lead: string;
  description: string;
  keywords: string[];
  calls: [CallToAction, CallToAction];
}

export const aiPage = {
  intro: {
    ...servicePageMeta.ai,
    lead: 'Practical AI that removes 60-80% of the manual work in quoting, document handling and customer service, built for the size of your business.',
    calls: [
      { label: 'Book an AI Assessment', to: '/contact' },
      { label: 'See Case Studies', to: '/case-studies' },
    ],
  } satisfies PageIntro,
  services: [
    {
      title: 'AI Assistants & Chatbots',
      description: 'Assistants that answer customers and staff from your own documents, 24/7.',
      features: [
        'Trained on your knowledge base',
        'Website, e-mail and Teams',
        'Hand-off to a person',
      ],
      benefits: ['Answers in seconds', 'Fewer repeat questions', 'Consistent tone'],
    },
    {
      title: 'Document Intelligence',
      description:
        'Read invoices, orders and forms automatically and file the data where it belongs.',
      features: ['Invoices and purchase orders', 'Contracts and forms', 'Validation rules'],
      benefits: ['5-10 hours saved weekly', 'Fewer keying errors', 'Faster month-end'],
    },
    {
      title: 'Predictive Analytics',
      description: 'Forecast demand, cash flow and maintenance from the data you already have.',
      features: ['Demand forecasting', 'Churn and risk scores', 'Plain-language dashboards'],
      benefits: ['Less overstock', 'Earlier warnings', 'Better decisions'],
    },
    {
      title: 'AI Strategy & Training',
      description: 'Find where AI pays off first, set safe usage policies and train your team.',
      features: ['Opportunity workshop', 'Responsible AI policy', 'Hands-on team training'],
      benefits: ['Clear priorities', 'Safe adoption', 'Confident staff'],
    },
  ] satisfies AiService[],
  stories: [
    {
      client: 'Conestoga Precision Machining',
      project: 'AI quoting assistant',
      description: 'Reads drawings and past jobs to draft quotes for estimators to review.',
      results: ['Quote time from 2 days to under 1 hour', '70% less manual entry'],
      technologies: ['Azure OpenAI', 'Python', 'SQL Server'],
    },
    {
      client: 'Laurel Creek Accounting',
      project: 'Document intake automation',
      description: 'Classifies and extracts client receipts and slips during tax season.',
      results: ['80% of documents filed automatically', '9 hours saved per accountant weekly'],
      technologies: ['Azure AI Document Intelligence', 'Power Automate'],
    },
  ] satisfies Project[],
  process: [
    {
      step: 1,
      title: 'Assessment',
      description:
        'We map your processes and data and find the AI opportunities with the best return.',
    },
    {
      step: 2,
      title: 'Strategy',
      description: 'A costed plan: which use case first, which tools, what success looks like.',
    },
    {
      step: 3,
      title: 'Implementation',
      description: 'We build, test with your team and launch in small, safe steps.',
    },
    {
      step: 4,
      title: 'Optimization',
      description: 'We measure results, tune the models and extend what works.',
    },
  ] satisfies ProcessStep[],
};

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
  process: [
    {
      step: 1,
      title: 'Discovery',
      description: 'We learn how your team works and agree on the must-haves.',
    },
    {
      step: 2,
      title: 'Design',
      description: 'Clickable designs you test before a line of code is written.',
    },
    {
      step: 3,
      title: 'Build',
      description: 'Two-week iterations with a demo at the end of each one.',
    },
    {
      step: 4,
      title: 'Launch & Support',
      description: 'A calm launch, training, and support with a local team.',
    },
  ] satisfies ProcessStep[],
  techStack: [
    { column: 'Front end', items: ['React', 'TypeScript', 'Accessible HTML and CSS'] },
    { column: 'Back end', items: ['Node.js', '.NET', 'Python'] },
    { column: 'Data', items: ['PostgreSQL', 'SQL Server', 'Power BI'] },
    { column: 'Cloud', items: ['Microsoft Azure', 'Google Cloud', 'AWS'] },
  ],
};

export const integrationPage = {
  intro: {
    ...servicePageMeta.integration,
    lead: 'Connect the tools you already pay for so data flows on its own and your people stop re-typing it.',
    calls: [
      { label: 'Automate a Process', to: '/contact' },
      { label: 'Check Your Digital Readiness', to: '/digital-readiness' },
    ],
  } satisfies PageIntro,
  services: [
    {
      title: 'System Integration',
      description: 'Connect accounting, CRM, inventory and e-commerce both ways.',
    },
    {
      title: 'Workflow Automation',
      description: 'Approvals, notifications and hand-offs that run themselves.',
    },
    {
      title: 'Data Synchronisation',
      description: 'One version of the truth across every system you use.',
    },
    {
      title: 'Custom APIs',
      description: 'Open up older systems so modern tools can talk to them.',
    },
  ] satisfies Outcome[],
  metrics: [
    { metric: '60-80%', description: 'less manual data entry' },
    { metric: '5-10 hours', description: 'saved per person every week' },
    { metric: '30-50%', description: 'efficiency gain in automated processes' },
    { metric: '100+', description: 'projects delivered since 2004' },
  ] satisfies Metric[],
  tools: [
    { name: 'Zapier', description: 'Quick connections between cloud apps.', category: 'No-Code' },
    {
      name: 'Microsoft Power Automate',
      description: 'Workflows across Microsoft 365.',
      category: 'Low-Code',
    },
    { name: 'Make', description: 'Visual multi-step scenarios.', category: 'Low-Code' },
    {
      name: 'Custom Node.js services',
      description: 'When volume or logic outgrows the tools.',
      category: 'Custom',
    },
    {
      name: 'REST and webhooks',
      description: 'Direct, reliable system-to-system links.',
      category: 'Technical',
    },
    {
      name: 'QuickBooks and Xero APIs',
      description: 'Accounting in sync with operations.',
      category: 'Technical',
    },
  ] satisfies IntegrationTool[],
  stories: [
    {
      client: 'Elora Mill Provisions',
      project: 'Store, warehouse and accounting in sync',
      description: 'Shopify orders flow to the warehouse and into QuickBooks automatically.',
      results: ['8 hours saved per person weekly', 'Zero re-typed orders'],
      technologies: ['Shopify', 'QuickBooks Online', 'Make'],
    },
    {
      client: 'Uptown Legal Partners',
      project: 'Client intake automation',
      description: 'Web enquiries create the matter, the conflict check and the engagement letter.',
      results: ['Intake from 3 days to same day', '65% less admin time'],
      technologies: ['Power Automate', 'Microsoft 365', 'Clio'],
    },
    {
      client: 'Waterloo Region Family Services Network',
      project: 'Referral tracking',
      description: 'Referrals between six agencies tracked in one shared, secure workflow.',
      results: ['No lost referrals', 'Monthly reporting automated'],
      technologies: ['SharePoint', 'Power Automate', 'Power BI'],
    },
  ] satisfies Project[],
  process: [
    {
      step: 1,
      title: 'Map',
      description: 'We follow the data through your systems and find the re-typing.',
    },
    {
      step: 2,
      title: 'Design',
      description: 'We choose the simplest reliable tool for each connection.',
    },
    {
      step: 3,
      title: 'Automate',
      description: 'We build, test with real records and switch over safely.',
    },
    {
      step: 4,
      title: 'Monitor',
      description: 'Alerts and monthly checks keep every integration healthy.',
    },
  ] satisfies ProcessStep[],
};

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
  process: [
    { step: 1, title: 'Kick-off', description: 'Goals, scope and the people we should talk to.' },
    {
      step: 2,
      title: 'Interviews',
      description: 'Short sessions with the people who do the work.',
    },
    {
      step: 3,
      title: 'Analysis',
      description: 'We map processes, systems and data and find the gaps.',
    },
    { step: 4, title: 'Recommendations', description: 'Options with costs, benefits and risks.' },
    { step: 5, title: 'Roadmap', description: 'A phased plan you can act on straight away.' },
  ] satisfies ProcessStep[],
};

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
  process: [
    { step: 1, title: 'Define', description: 'The question the proof of concept must answer.' },
    { step: 2, title: 'Design', description: 'The smallest thing that answers it.' },
    { step: 3, title: 'Build', description: 'A working prototype in short iterations.' },
    { step: 4, title: 'Validate', description: 'Test with real users and real data.' },
    { step: 5, title: 'Decide', description: 'Go, adjust or stop, with the evidence in hand.' },
  ] satisfies ProcessStep[],
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
