import {
  applicationCsvRows,
  applicationsCsvFileName,
  type JobApplication,
} from '@kw/careers/contract';
import { stringify } from 'csv-stringify/browser/esm/sync';

/** The CSV text of the filtered applications: a CSV library's quoting, formulas neutralised. */
export function applicationsCsv(applications: readonly JobApplication[]): string {
  return stringify(applicationCsvRows(applications));
}

/** Saves the CSV in the browser as job_applications_{date}.csv. */
export function downloadApplicationsCsv(applications: readonly JobApplication[]): void {
  // The byte-order mark lets spreadsheet programs read the names' accents as UTF-8.
  const blob = new Blob(['\uFEFF', applicationsCsv(applications)], {
    type: 'text/csv;charset=utf-8',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = applicationsCsvFileName();
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
