import type { Config } from '../config.ts';
import type { Db, Trx } from '../db.ts';
import type { EventStore } from '../event-store/event-store.ts';
import type { EventMetadata } from '../event-store/types.ts';

// The seam between the privacy module and the modules that hold personal data (issue 13).
// Each such module says, through its ServerModule's `personalData`, what it holds for an
// e-mail address and how to erase it; the privacy module reaches them only through the
// composition, never through their tables.

/** The kinds of record a retention period is set for (Settings → Privacy), in days. */
export const RETENTION_KINDS = {
  applications: {
    label: 'Job applications and résumés (after the last status change)',
    defaultDays: 365,
  },
  'contact-submissions': { label: 'Contact form submissions', defaultDays: 730 },
  spam: { label: 'Anything marked as spam', defaultDays: 30 },
  unsubscribed: {
    label: 'Unsubscribed newsletter addresses (only a suppression hash is kept)',
    defaultDays: 0,
  },
} as const;

export type RetentionKind = keyof typeof RETENTION_KINDS;

/** The moment before which a record of each kind is past its period. */
export type RetentionCutoffs = Record<RetentionKind, Date>;

/** One record a module holds about a person. */
export interface PersonalRecord {
  /** Its kind of record, in the module's words ('contact submission', 'application'). */
  kind: string;
  id: string;
  /** One line for the privacy screen. */
  summary: string;
  /** When it was created, and when it last changed (what retention counts from). */
  createdAt: Date;
  lastChangedAt: Date;
  /** Everything held, as the export gives it (JSON). */
  data: Record<string, unknown>;
  /** Files held for it (a résumé): where it is, and the name the export gives it. */
  files: { path: string; name: string }[];
}

export interface PersonalDataDeps {
  config: Config;
  db: Db;
  store: EventStore;
}

export interface PersonalDataSource {
  /** Everything the module holds about the address (already normalised). */
  find(deps: PersonalDataDeps, email: string): Promise<PersonalRecord[]>;
  /**
   * Erases one record found by `find`, in `trx` (the erasure's one transaction, with the key
   * deletion): the module appends its own deletion event, so its read-model rows go. Files are
   * deleted after the commit by the privacy module (the paths `find` gave).
   */
  erase(
    deps: PersonalDataDeps,
    trx: Trx,
    record: PersonalRecord,
    metadata: EventMetadata,
  ): Promise<void>;
  /** The records past their retention period, with whose they are. */
  expired?(
    deps: PersonalDataDeps,
    cutoffs: RetentionCutoffs,
  ): Promise<{ email: string; record: PersonalRecord }[]>;
}

/** A module's source, named after the module (the export's sections, the erasure's calls). */
export interface NamedPersonalDataSource {
  module: string;
  source: PersonalDataSource;
}
