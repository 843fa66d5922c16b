// The BreadcrumbList of the content pages (blog, case studies, careers): Home, then the section,
// then the item. Paths are made absolute when the head is written (seo.ts `absolutise`). On its
// own (no site data): the pages' route modules import it, and it stays out of their weight.

export interface Crumb {
  name: string;
  path: string;
}

export const HOME_CRUMB: Crumb = { name: 'Home', path: '/' };

/** Home › steps…, as BreadcrumbList JSON-LD. */
export function breadcrumbs(...steps: Crumb[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [HOME_CRUMB, ...steps].map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.path,
    })),
  };
}
