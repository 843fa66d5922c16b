import { sanitizeRichText } from '@kw/platform';
import { marked } from 'marked';

const HAS_TAGS = /<\/?[a-z][\w-]*(\s[^>]*)?\/?>/i;

const markdown = (text: string) =>
  marked.parse(text, { gfm: true, breaks: true, async: false }) as string;
const clean = (html: string) => sanitizeRichText(html, { images: false }).trim();

/**
 * A job description as the pages show it: markdown becomes HTML (line breaks and GitHub
 * extensions), text that already holds tags is kept as it is; either way it goes through the
 * one allowlist, without pictures (the job editor inserts none). Text whose only tags were
 * refused (a script) is then markdown like any other, so that saving the result again changes
 * nothing.
 */
export function descriptionToHtml(text: string): string {
  if (!HAS_TAGS.test(text)) return clean(markdown(text));
  const html = clean(text);
  return HAS_TAGS.test(html) || !html ? html : clean(markdown(html));
}

/** The job's texts that pages show as rich text: each goes through descriptionToHtml. */
export const JOB_RICH_TEXT_FIELDS = [
  'description',
  'requirements',
  'responsibilities',
  'benefits',
] as const;
type RichTextField = (typeof JOB_RICH_TEXT_FIELDS)[number];

/** The fields with every rich text made safe HTML, the same way as the description. */
export function withSafeRichText<T extends Record<RichTextField, string>>(fields: T): T {
  const safe = { ...fields };
  for (const field of JOB_RICH_TEXT_FIELDS)
    safe[field] = descriptionToHtml(fields[field]) as T[RichTextField];
  return safe;
}
