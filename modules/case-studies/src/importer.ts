import { IMAGE_URL, slugify } from '@kw/blog/contract';
import { ValidationError } from '@kw/platform';
import { parse } from 'csv-parse/sync';
import { type CaseStudyInput, caseStudyInputSchema, IMPORT_EXCERPT_FALLBACK } from './contract.ts';

// The Case Study CSV Importer (admin.md §5, §9): parse with csv-parse (quoted commas and line
// breaks), keep rows not deleted or hidden, and guess what the old site did not record.

export const TECHNOLOGY_KEYWORDS = [
  'Python',
  'JavaScript',
  'TypeScript',
  'React',
  'Angular',
  'Vue',
  'Node.js',
  '.NET',
  'C#',
  'Java',
  'PHP',
  'Laravel',
  'Django',
  'Flask',
  'SQL Server',
  'PostgreSQL',
  'MySQL',
  'MongoDB',
  'Azure',
  'AWS',
  'Google Cloud',
  'Docker',
  'Kubernetes',
  'Power BI',
  'Power Automate',
  'Power Apps',
  'SharePoint',
  'Dynamics 365',
  'Salesforce',
  'Zapier',
  'OpenAI',
  'ChatGPT',
  'Machine Learning',
  'TensorFlow',
  'REST API',
  'GraphQL',
  'Shopify',
  'WordPress',
] as const;

/** First match wins; anything else is Technology. */
export const INDUSTRY_KEYWORDS: [string, RegExp][] = [
  ['Automotive', /\b(automotive|vehicles?|car dealers?h?i?p?s?|auto parts)\b/i],
  ['Energy', /\b(energy|solar|utilit(y|ies)|oil and gas|renewables?|power grid)\b/i],
  ['Manufacturing', /\b(manufactur\w*|factory|factories|machining|production line)\b/i],
  ['E-commerce', /\b(e-?commerce|online store|web shop|shopify|retailers?)\b/i],
  ['Government', /\b(government|municipal\w*|public sector|ministry|township|region of)\b/i],
  ['Healthcare', /\b(health\w*|clinics?|hospitals?|medical|patients?|dental)\b/i],
  ['Finance', /\b(financ\w*|banks?|banking|insurance|accounting|credit union|wealth)\b/i],
];

export const DEFAULT_CLIENT = 'Confidential Client';
export const DEFAULT_PROJECT_TYPE = 'Custom Software Development';
export const DEFAULT_RESULTS =
  'The project was delivered successfully, improving efficiency and meeting the client’s business objectives.';
const OLD_CONTENT_LINK = /(?:https?:\/\/[^\s/"'()<>]+)?\/content\/case-studies\//gi;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function detectTechnologies(text: string): string[] {
  return TECHNOLOGY_KEYWORDS.filter((term) =>
    new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(term)}(?![A-Za-z0-9#])`, 'i').test(text),
  );
}

export function guessIndustry(text: string): string {
  return INDUSTRY_KEYWORDS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'Technology';
}

/** 'Client: Acme Ltd' or 'for Acme Manufacturing Inc.' in the text; else confidential. */
export function guessClientName(text: string): string {
  const labelled = /\bclient\s*:\s*([A-Z][^\n.,;:<]{1,60})/i.exec(text);
  if (labelled?.[1]) return labelled[1].trim();
  const named =
    /\bfor\s+((?:[A-Z][\w&'’-]*\s+){0,4}(?:Inc|Ltd|Limited|Corp|Corporation|LLC|Co|Group|Industries|Solutions|Technologies)\b\.?)/.exec(
      text,
    );
  if (named?.[1]) return named[1].trim();
  return DEFAULT_CLIENT;
}

export const rewriteContentLinks = (html: string) =>
  html.replace(OLD_CONTENT_LINK, '/media/case-studies/');

type Row = Record<string, string>;

/** An old-site picture we cannot address is dropped rather than failing the whole import. */
const usableImage = (url: string) => (IMAGE_URL.test(url) ? url : '');

/** A column by any of its usual names, case-insensitive. */
function column(row: Row, ...names: string[]): string {
  for (const key of Object.keys(row)) {
    if (names.some((n) => n.toLowerCase() === key.trim().toLowerCase())) return row[key] ?? '';
  }
  return '';
}

function invalid(message: string): never {
  throw new ValidationError([{ path: 'source', message }], message);
}

export function parseCsv(source: string): Row[] {
  let records: string[][];
  try {
    records = parse(source, { skip_empty_lines: true, relax_column_count: true, bom: true });
  } catch {
    invalid('Invalid CSV format');
  }
  if (records.length < 2) invalid('CSV must have at least a header and one data row');
  const [header, ...data] = records as [string[], ...string[][]];
  return data.map((cells) =>
    Object.fromEntries(header.map((name, i) => [name.trim(), (cells[i] ?? '').trim()])),
  );
}

/** Rows the old site still showed: IsDeleted and IsHidden both '0' (absent counts as '0'). */
export const isLive = (row: Row) =>
  (column(row, 'IsDeleted') || '0') === '0' && (column(row, 'IsHidden') || '0') === '0';

export function mapCaseStudyRow(row: Row, line: number): CaseStudyInput {
  const title = column(row, 'Title', 'Name');
  const content = rewriteContentLinks(column(row, 'Content', 'Body', 'Html', 'Description'));
  const text = plain(content);
  const summary = column(row, 'Summary', 'Excerpt');
  const technologies = detectTechnologies(`${title} ${text}`);
  const result = caseStudyInputSchema.safeParse({
    title,
    slug: slugify(column(row, 'Slug', 'Alias', 'UrlSlug') || title),
    content,
    excerpt: summary || `${text.slice(0, IMPORT_EXCERPT_FALLBACK)}...`,
    featuredImage: usableImage(
      rewriteContentLinks(column(row, 'FeaturedImage', 'Image', 'ImageUrl')),
    ),
    clientName: column(row, 'ClientName', 'Client') || guessClientName(text),
    industry: column(row, 'Industry') || guessIndustry(`${title} ${text}`),
    projectType: DEFAULT_PROJECT_TYPE,
    results: DEFAULT_RESULTS,
    published: true,
    technologies,
    tags: technologies.slice(0, 5),
  });
  if (!result.success) {
    const issue = result.error.issues[0]!;
    invalid(`Row ${line}: ${issue.message}`);
  }
  return result.data;
}

const hasColumn = (rows: Row[], name: string) =>
  rows.length > 0 && Object.keys(rows[0]!).some((k) => k.toLowerCase() === name.toLowerCase());

/**
 * The pasted CSV mapped (every live row, or a 400 naming the first bad one), with what the administrator should know before importing: a missing
 * IsDeleted or IsHidden column (every row is then taken as live, deleted and hidden ones too),
 * the rows left out, and why nothing would be imported.
 */
export function caseStudyImport(source: string): {
  items: CaseStudyInput[];
  skipped: number;
  warnings: string[];
} {
  const rows = parseCsv(source);
  const items: CaseStudyInput[] = [];
  rows.forEach((row, index) => {
    if (isLive(row)) items.push(mapCaseStudyRow(row, index + 2));
  });
  const warnings: string[] = [];
  for (const name of ['IsDeleted', 'IsHidden'])
    if (!hasColumn(rows, name))
      warnings.push(
        `The CSV has no ${name} column: every row is taken as not ${name === 'IsDeleted' ? 'deleted' : 'hidden'}. Export it again with the column, or check that no row should be left out.`,
      );
  const skipped = rows.length - items.length;
  if (items.length === 0) warnings.push(NOTHING_TO_IMPORT(rows.length));
  else if (skipped > 0)
    warnings.push(
      `${skipped} of ${rows.length} rows are marked deleted or hidden (IsDeleted or IsHidden not 0) and will not be imported.`,
    );
  return { items, skipped, warnings };
}

export const NOTHING_TO_IMPORT = (rows: number) =>
  `No case studies to import: ${rows === 1 ? 'the only row is' : `all ${rows} rows are`} marked deleted or hidden (IsDeleted or IsHidden not 0).`;
