// The six services the consultancy offers, with the paths of their pages.

export type ServiceKey =
  | 'artificial-intelligence'
  | 'custom-software'
  | 'integration'
  | 'business-analysis'
  | 'proof-of-concept'
  | 'efficiency-edge';

export interface ServiceLink {
  key: ServiceKey;
  title: string;
  /** A path of this site, or an absolute URL for the external Efficiency Edge site. */
  url: string;
  featured?: boolean;
  external?: boolean;
}

export interface Service extends ServiceLink {
  description: string;
  features: [string, string, string, string];
}

/** Where /efficiency-edge sends the browser when no EFFICIENCY_EDGE_URL is configured. */
export const DEFAULT_EFFICIENCY_EDGE_URL = 'https://www.efficiencyedge.ca';

/** The services as links: the footer and the navigation need no more. */
export const serviceLinks: ServiceLink[] = [
  {
    key: 'artificial-intelligence',
    title: 'Artificial Intelligence',
    url: '/artificial-intelligence',
  },
  {
    key: 'custom-software',
    title: 'Custom Software & Web Development',
    url: '/custom-software-dev',
  },
  { key: 'integration', title: 'Integration & Automation', url: '/integration-automation' },
  { key: 'business-analysis', title: 'Technical & Business Analysis', url: '/digital-readiness' },
  { key: 'proof-of-concept', title: 'Proof of Concept Solutions', url: '/poc-services' },
  {
    key: 'efficiency-edge',
    title: 'Efficiency Edge',
    url: DEFAULT_EFFICIENCY_EDGE_URL,
    featured: true,
    external: true,
  },
];

const serviceDetails: Record<ServiceKey, Pick<Service, 'description' | 'features'>> = {
  'artificial-intelligence': {
    description:
      'AI assistants, document understanding and forecasting that cut 60-80% of the manual work in your day-to-day processes.',
    features: [
      'AI strategy and readiness assessment',
      'Custom AI assistants and chatbots',
      'Document and data extraction',
      'Predictive analytics and forecasting',
    ],
  },
  'custom-software': {
    description:
      'Web applications, portals and internal tools built around the way your business actually works.',
    features: [
      'Web applications and client portals',
      'Internal tools and dashboards',
      'Modernisation of legacy systems',
      'Cloud hosting and support',
    ],
  },
  integration: {
    description:
      'Connect your accounting, CRM, e-commerce and operations tools so data flows without re-typing, saving 5-10 hours a week per person.',
    features: [
      'System-to-system integrations',
      'Workflow automation',
      'Data synchronisation and reporting',
      'API development',
    ],
  },
  'business-analysis': {
    description:
      'A clear picture of your processes, systems and data, and a prioritised plan for where technology pays off first.',
    features: [
      'Digital readiness assessment',
      'Process mapping and improvement',
      'Requirements and vendor selection',
      'Technology roadmaps',
    ],
  },
  'proof-of-concept': {
    description:
      'Test an idea with a working prototype in weeks, with real users and real data, before you commit a full budget.',
    features: [
      'Rapid prototyping',
      'Technical feasibility studies',
      'User validation',
      'Market testing',
    ],
  },
  'efficiency-edge': {
    description:
      'Our packaged AI efficiency program for SMEs: 300% average ROI and 60% efficiency gains in the first quarter.',
    features: [
      'Fixed-price efficiency audit',
      'Ready-made AI workflows',
      'Team training and coaching',
      'Quarterly results reviews',
    ],
  },
};

function withDetails(): Service[] {
  return serviceLinks.map((link) => ({ ...link, ...serviceDetails[link.key] }));
}

/** The full services: the pure mark lets a bundle that needs only the links drop the details. */
export const services: Service[] = /* @__PURE__ */ withDetails();

/**
 * The longer readings of the service pages (spec §2): each answers 301 to the footer's short
 * path, so every page has one canonical address.
 */
export const serviceRedirects: Record<string, string> = {
  '/services/artificial-intelligence': '/artificial-intelligence',
  '/services/custom-software': '/custom-software-dev',
  '/services/integration': '/integration-automation',
  '/services/business-analysis': '/digital-readiness',
  '/services/proof-of-concept': '/poc-services',
};

export const whyChooseUs = [
  {
    title: 'Local and accountable',
    description: 'A Cambridge team that meets you in person and answers within 24 hours.',
  },
  {
    title: '25+ years of experience',
    description: 'Software since 2004, applied AI since 2022: more than 100 projects delivered.',
  },
  {
    title: 'Results you can measure',
    description: 'Clients typically gain 30-50% efficiency in the processes we automate.',
  },
  {
    title: 'Right-sized for SMEs',
    description: 'Fixed-price phases, small first steps and no long lock-in contracts.',
  },
];

/**
 * The 'Service of Interest' choices of the contact form (value: label, public-site.md §3).
 * Here, free of zod, so the contact page renders them without loading the form's contract;
 * `@kw/contact/contract` re-exports them as SERVICE_OPTIONS.
 */
export const CONTACT_SERVICE_OPTIONS = [
  { value: 'ai-solutions', label: 'AI Solutions' },
  { value: 'custom-software', label: 'Custom Software Development' },
  { value: 'integration', label: 'Integration & Automation' },
  { value: 'business-analysis', label: 'Business Analysis' },
  { value: 'efficiency-edge', label: 'Efficiency Edge' },
  { value: 'poc', label: 'Proof of Concept' },
  { value: 'other', label: 'Other' },
] as const;
