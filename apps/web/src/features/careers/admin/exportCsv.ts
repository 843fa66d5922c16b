import { applicationsCsvFileName, type JobApplication } from '@kw/careers/contract';
import { applicationsCsv } from './applicationsCsv.ts';

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
