import { formatDate } from '../shared/dates.ts';

/** Hands a file to the browser as a download. */
function saveFile(content: Blob, filename: string): void {
  const url = URL.createObjectURL(content);
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

/** Today's date as YYYY-MM-DD in the business's zone, as the server names its files. */
export const today = () => formatDate(new Date(), 'day');

/**
 * An endpoint's `responseHandler` for a file the server builds (the CSV exports): a good answer
 * is saved under the name its Content-Disposition gives, and nothing of it goes to the store; a
 * failed one is read as text for the error.
 */
export function saveAnswer(fallbackName: string) {
  return async (response: Response): Promise<null | string> => {
    if (!response.ok) return response.text();
    const name = filenameFrom(response.headers.get('content-disposition'), fallbackName);
    saveFile(await response.blob(), name);
    return null;
  };
}
