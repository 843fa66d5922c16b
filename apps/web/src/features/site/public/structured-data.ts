import { company, type PageMeta, REVIEW_COUNT, services, socialLinks, trustStats } from '@kw/site';
import type { Seo } from '../../../seo.ts';
import { breadcrumbs } from '../../../shared/public/breadcrumbs.ts';

/**
 * Structured data every page carries (server side only, see seo.ts `headTags`): the company as
 * a ProfessionalService with its address, area served, languages, rating and service list.
 * Paths are made absolute with the public URL when the head is written (`absolutise`).
 */
export function organizationJsonLd(): object {
  return {
    '@context': 'https://schema.org',
    '@type': ['Organization', 'ProfessionalService'],
    '@id': '/#organization',
    name: company.name,
    legalName: company.fullName,
    description: company.description,
    url: '/',
    logo: '/logo.png',
    image: '/og-image.png',
    email: company.email,
    telephone: company.phone,
    foundingDate: String(company.foundedYear),
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address,
      addressLocality: company.city,
      addressRegion: company.province,
      postalCode: company.postalCode,
      addressCountry: company.country,
    },
    areaServed: { '@type': 'Country', name: 'CA' },
    availableLanguage: ['English', 'French'],
    sameAs: Object.values(socialLinks),
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: trustStats.rating.toFixed(1),
      bestRating: '5',
      reviewCount: REVIEW_COUNT,
    },
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Services',
      itemListElement: services.map((service, index) => ({
        '@type': 'Offer',
        position: index + 1,
        itemOffered: {
          '@type': 'Service',
          name: service.title,
          description: service.description,
          url: service.external ? '/efficiency-edge' : service.url,
        },
      })),
    },
  };
}

/** The SEO of a marketing page: its metadata and breadcrumbs from Home (the company is added to every page by `headTags`). */
export function pageSeo(meta: PageMeta, extra: object[] = []): Seo {
  const trail = meta.path === '/' ? [] : [{ name: meta.breadcrumb, path: meta.path }];
  return {
    title: meta.title,
    description: meta.description,
    path: meta.path,
    keywords: meta.keywords,
    // Structured data only in the server's HTML (the browser uses the title): less code.
    jsonLd: import.meta.env.SSR ? [breadcrumbs(...trail), ...extra] : [],
  };
}
