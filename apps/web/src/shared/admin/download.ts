import { formatDate } from '../dates.ts';

/** Hands a file to the browser as a download. */
export function saveFile(
  content: Blob | string,
  filename: string,
  type = 'text/csv;charset=utf-8',
): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file name of a Content-Disposition header, or the fallback. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** Today's date as YYYY-MM-DD in the business's zone, for file names. */
export function today(): string {
  return formatDate(new Date(), 'day');
}
