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

export const homePage = {
  hero: {
    title: 'Practical AI and Software for Waterloo Region Businesses',
    lead: 'We help small and medium businesses in Kitchener-Waterloo cut 60-80% of their manual work with AI, custom software and automation: local, measurable and right-sized.',
  },
  partnersTitle: 'Trusted technology partners',
  servicesTitle: 'Our Core Services',
  testimonialsTitle: 'What Our Clients Say',
  clientsTitle: 'Businesses We Work With',
  featuredTitle: 'Featured On',
  cta: {
    title: 'Ready to save 5-10 hours every week?',
    text: 'Tell us about the work that slows your team down. We will show you what can be automated, what it costs and what it returns.',
  },
};

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
