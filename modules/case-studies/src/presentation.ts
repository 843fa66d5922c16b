// Pure helpers and constants of case studies, without zod: the public pages import them from
// '@kw/case-studies/presentation' so zod stays out of their first load. contract.ts re-exports them.

export const CASE_STUDY_EXCERPT_FALLBACK = 150;
export const IMPORT_EXCERPT_FALLBACK = 200;
