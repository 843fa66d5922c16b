// The company's own facts and the marketing content: constant data, shared by the pages, the
// e-mails and the API. Browser-safe: no server imports.

export * from './company.ts';
export * from './pages.ts';
export * from './people.ts';
export * from './policies.ts';
export * from './service-pages.ts';
export * from './services.ts';
export * from './tracking.ts';
export * from './trust.ts';
