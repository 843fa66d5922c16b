import {
  founder,
  type PageMeta,
  pageMeta,
  serviceLinks,
  servicePageMeta,
  serviceRedirects,
} from '@kw/site';
import { type RouteObject, redirect } from 'react-router';
import type { RouteHandle } from '../../../route-handle.ts';
import { pageSeo } from './structured-data.ts';

type PageModule = Record<string, React.ComponentType>;

/** A marketing page whose code loads on demand (resolved before hydration, see entry-client). */
function page(
  path: string | undefined,
  load: () => Promise<PageModule>,
  name: string,
  handle: RouteHandle,
): RouteObject {
  return {
    ...(path === undefined ? { index: true } : { path }),
    lazy: async () => ({ Component: (await load())[name] }),
    handle,
  };
}

function serviceSeo(meta: PageMeta, key: string) {
  const service = serviceLinks.find((s) => s.key === key)!;
  return pageSeo(meta, [
    {
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: service.title,
      description: meta.description,
      url: meta.path,
      areaServed: { '@type': 'Country', name: 'CA' },
      provider: { '@id': '/#organization' },
    },
  ]);
}

/** Public routes of the marketing pages (services, about, policies, /{name} …), children of the public layout. */
export const siteRoutes: RouteObject[] = [
  page(undefined, () => import('./pages/HomePage.tsx'), 'HomePage', {
    seo: pageSeo(pageMeta.home),
  }),
  page('services', () => import('./pages/ServicesPage.tsx'), 'ServicesPage', {
    seo: pageSeo(pageMeta.services, [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: 'Services',
        itemListElement: serviceLinks.map((s, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: s.title,
          url: s.external ? '/efficiency-edge' : s.url,
        })),
      },
    ]),
  }),
  page(
    'artificial-intelligence',
    () => import('./pages/ArtificialIntelligencePage.tsx'),
    'ArtificialIntelligencePage',
    {
      seo: serviceSeo(servicePageMeta.ai, 'artificial-intelligence'),
    },
  ),
  page(
    'custom-software-dev',
    () => import('./pages/CustomSoftwarePage.tsx'),
    'CustomSoftwarePage',
    {
      seo: serviceSeo(servicePageMeta.customSoftware, 'custom-software'),
    },
  ),
  page('integration-automation', () => import('./pages/IntegrationPage.tsx'), 'IntegrationPage', {
    seo: serviceSeo(servicePageMeta.integration, 'integration'),
  }),
  page(
    'digital-readiness',
    () => import('./pages/DigitalReadinessPage.tsx'),
    'DigitalReadinessPage',
    {
      seo: serviceSeo(servicePageMeta.analysis, 'business-analysis'),
    },
  ),
  page('poc-services', () => import('./pages/ProofOfConceptPage.tsx'), 'ProofOfConceptPage', {
    seo: serviceSeo(servicePageMeta.poc, 'proof-of-concept'),
  }),
  // Its founder's portrait is the photo of Settings → Site: a data page, loaded with its handle
  // on demand (see aboutRoute.tsx).
  { path: 'about', lazy: () => import('./pages/aboutRoute.tsx') },
  page('contact', () => import('./pages/ContactPage.tsx'), 'ContactPage', {
    seo: pageSeo(pageMeta.contact, [
      {
        '@context': 'https://schema.org',
        '@type': 'ContactPage',
        name: pageMeta.contact.title,
        url: pageMeta.contact.path,
        about: { '@id': '/#organization' },
      },
    ]),
  }),
  // Its retention section states the periods of Settings → Privacy: a data page, loaded with
  // its handle on demand (see privacyPolicyRoute.tsx).
  { path: 'privacy-policy', lazy: () => import('./pages/privacyPolicyRoute.tsx') },
  page('ethical-ai', () => import('./pages/EthicalAiPage.tsx'), 'EthicalAiPage', {
    seo: pageSeo(pageMeta.ethicalAi),
  }),
  page(founder.slug, () => import('./pages/FounderAvatarPage.tsx'), 'FounderAvatarPage', {
    seo: pageSeo({
      path: `/${founder.slug}`,
      title: `Chat with ${founder.firstName}'s AI Digital Twin`,
      description: `Talk to the AI digital twin of ${founder.name}, founder of Grand River Digital, about AI and software for your business.`,
      keywords: ['AI digital twin', 'AI avatar', founder.name],
      breadcrumb: `${founder.firstName}'s AI Twin`,
    }),
  }),
  page(
    'efficiency-edge',
    () => import('./pages/EfficiencyEdgeRedirect.tsx'),
    'EfficiencyEdgeRedirect',
    {
      seo: {
        title: 'Efficiency Edge',
        description: 'Opening the Efficiency Edge site.',
        noindex: true,
      },
    },
  ),
  // The longer readings of the service pages answer 301 to the one canonical address.
  ...Object.entries(serviceRedirects).map(
    ([from, to]): RouteObject => ({
      path: from.slice(1),
      loader: () => redirect(to, 301),
    }),
  ),
];
