// Shapes shared by every module's contract and the web app. No server imports here.

/** The API's answer to bad input: a message naming the problem and one entry per bad field. */
export interface ApiErrorBody {
  message: string;
  errors?: { path: string; message: string }[];
}

/**
 * A spreadsheet cell that cannot run as a formula: text beginning with = + - @ (or a tab or
 * carriage return) gets a leading apostrophe (OWASP's advice against CSV injection).
 */
export function safeCsvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Text made safe to put inside HTML (element content or a quoted attribute). */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
