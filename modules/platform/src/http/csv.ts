import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';
import { safeCsvCell } from '../contract.ts';

/**
 * Every CSV export is built here, on the server: csv-stringify's quoting, formulas
 * neutralised, UTF-8 with a byte-order mark (so spreadsheet programs read accents), and the file
 * name in Content-Disposition.
 */
export function sendCsv(
  res: Response,
  file: { fileName: string; columns: string[]; rows: unknown[][]; bom?: boolean },
): void {
  const csv = stringify(file.rows, {
    header: true,
    columns: file.columns,
    cast: { string: (value) => safeCsvCell(value) },
  });
  res
    .status(200)
    .type('text/csv; charset=utf-8')
    .setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .send(file.bom === false ? csv : `\uFEFF${csv}`);
}

/** YYYY-MM-DD of `now` in the given zone, for file names. */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
}
