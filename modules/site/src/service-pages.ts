// The content of the five service pages, one file each so a page loads only its own.

export * from './page-ai.ts';
export * from './page-analysis.ts';
export * from './page-custom-software.ts';
export * from './page-integration.ts';
export * from './page-poc.ts';
export * from './service-page-types.ts';
