import { applicationCsvRows, type JobApplication } from '@kw/careers/contract';
import { stringify } from 'csv-stringify/browser/esm/sync';

/** The CSV text of the filtered applications: a CSV library's quoting, formulas neutralised. */
export function applicationsCsv(applications: readonly JobApplication[]): string {
  return stringify(applicationCsvRows(applications));
}
