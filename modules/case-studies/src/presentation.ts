// Pure helpers and constants of case studies, without zod: the public pages import them from
// '@kw/case-studies/presentation' so zod stays out of their first load. contract.ts re-exports them.

export const CASE_STUDY_EXCERPT_FALLBACK = 150;
export const IMPORT_EXCERPT_FALLBACK = 200;

/** Long month and year: 'November 2026'. */
export function monthYear(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
}
