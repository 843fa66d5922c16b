// What each marketing page says about itself to search engines, and its headline copy.

export interface PageMeta {
  path: string;
  title: string;
  description: string;
  keywords: string[];
  /** The last step of the page's breadcrumb trail. */
  breadcrumb: string;
}

const KW = ['AI consulting', 'Kitchener-Waterloo', 'software development', 'automation'];

export const pageMeta = {
  home: {
    path: '/',
    title: 'AI & Software Consulting in Kitchener-Waterloo',
    description:
      'Practical AI, custom software, integration and automation for small and medium businesses in Kitchener-Waterloo and Ontario. 25+ years of experience, 5.0 rating.',
    keywords: [...KW, 'Cambridge Ontario', 'SME'],
    breadcrumb: 'Home',
  },
  services: {
    path: '/services',
    title: 'Our Services',
    description:
      'AI solutions, custom software, integration and automation, business analysis, proof of concept and Efficiency Edge for Ontario small and medium businesses.',
    keywords: [...KW, 'services', 'proof of concept', 'business analysis'],
    breadcrumb: 'Services',
  },
  about: {
    path: '/about',
    title: 'About Us',
    description:
      'Meet Grand River Digital: a Cambridge, Ontario AI and software consultancy since 2004, its founder, team, values and history.',
    keywords: [...KW, 'about', 'founder', 'Cambridge'],
    breadcrumb: 'About',
  },
  contact: {
    path: '/contact',
    title: 'Contact Us',
    description:
      'Send us a message about your AI or software project, call us or visit our Cambridge office. We respond within 24 hours.',
    keywords: [...KW, 'contact', 'consultation'],
    breadcrumb: 'Contact',
  },
  privacy: {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    description:
      'How Grand River Digital collects, uses and protects personal information under PIPEDA.',
    keywords: ['privacy policy', 'PIPEDA'],
    breadcrumb: 'Privacy Policy',
  },
  ethicalAi: {
    path: '/ethical-ai',
    title: 'Ethical AI Use Policy',
    description:
      'Our principles for responsible AI: transparency, fairness, privacy and human-centred design, with risk levels and a way to report concerns.',
    keywords: ['ethical AI', 'responsible AI', 'AI policy'],
    breadcrumb: 'Ethical AI',
  },
} satisfies Record<string, PageMeta>;

/** The five service pages, by the short addresses the footer uses. */
export const servicePageMeta = {
  ai: {
    path: '/artificial-intelligence',
    title: 'Artificial Intelligence Solutions',
    description:
      'AI consulting in Kitchener-Waterloo: AI assistants, document automation and forecasting for small and medium businesses, with 20+ implementations delivered.',
    keywords: ['AI consulting Kitchener', 'AI Waterloo', 'chatbot', 'machine learning', 'SME AI'],
    breadcrumb: 'Artificial Intelligence',
  },
  customSoftware: {
    path: '/custom-software-dev',
    title: 'Custom Software & Web Development',
    description:
      'Custom software development in Kitchener-Waterloo: web applications, client portals, internal tools and legacy modernisation for small and medium businesses.',
    keywords: [
      'custom software Waterloo',
      'web development Kitchener',
      'web application',
      'software company Cambridge',
    ],
    breadcrumb: 'Custom Software & Web Development',
  },
  integration: {
    path: '/integration-automation',
    title: 'Integration & Automation',
    description:
      'Integration and workflow automation for Kitchener-Waterloo businesses: connect accounting, CRM, e-commerce and operations systems and save 5-10 hours a week per person.',
    keywords: [
      'integration Kitchener',
      'workflow automation',
      'Power Automate',
      'Zapier consultant',
      'API integration',
    ],
    breadcrumb: 'Integration & Automation',
  },
  analysis: {
    path: '/digital-readiness',
    title: 'Technical & Business Analysis',
    description:
      'Digital readiness assessment and business analysis for small and medium businesses in Kitchener-Waterloo: process mapping, requirements, vendor selection and technology roadmaps.',
    keywords: [
      'digital readiness assessment',
      'business analysis Waterloo',
      'process mapping',
      'technology roadmap',
    ],
    breadcrumb: 'Technical & Business Analysis',
  },
  poc: {
    path: '/poc-services',
    title: 'Proof of Concept Solutions',
    description:
      'Proof of concept development in Kitchener-Waterloo: rapid prototypes, feasibility studies, user validation and market testing for new software and AI ideas.',
    keywords: ['proof of concept', 'prototype development', 'MVP Waterloo', 'feasibility study'],
    breadcrumb: 'Proof of Concept Solutions',
  },
} satisfies Record<string, PageMeta>;

/**
 * Every public page with a fixed address, for sitemap.xml. The blog, case study and careers
 * modules add their published items themselves.
 */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/services',
  '/artificial-intelligence',
  '/custom-software-dev',
  '/integration-automation',
  '/digital-readiness',
  '/poc-services',
  '/about',
  '/contact',
  '/blog',
  '/case-studies',
  '/careers',
  '/daniel',
  '/privacy-policy',
  '/ethical-ai',
] as const;
