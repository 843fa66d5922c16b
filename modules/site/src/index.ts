// The company's own facts and the marketing content: constant data, shared by the pages, the
// e-mails and the API. Browser-safe: no server imports. One file per concern, so a page's
// bundle carries only the data it shows.

export * from './company.ts';
export * from './contact-page.ts';
export * from './founder.ts';
export * from './home.ts';
export * from './pages.ts';
export * from './people.ts';
export * from './policies.ts';
export * from './service-pages.ts';
export * from './services.ts';
export * from './stats.ts';
export * from './tracking.ts';
export * from './trust.ts';
