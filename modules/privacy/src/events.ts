import { defineEvents, type EventOf, RETENTION_KINDS, type RetentionKind } from '@kw/platform';
import { z } from 'zod';

// The privacy module's facts (issue 13). An erasure never names the person: only a salted
// hash of the address (with its salt), who asked and when.

const kinds = Object.keys(RETENTION_KINDS) as [RetentionKind, ...RetentionKind[]];

const erasure = z.object({
  erasureId: z.string(),
  /** sha256(salt + normalised address), hex: proves a given address was erased, names none. */
  emailHash: z.string(),
  salt: z.string(),
  /** Who asked: `admin:<username>`, `cli` or `retention`. */
  requestedBy: z.string(),
  /** The whole person (the key goes), or only some records past their retention period. */
  scope: z.enum(['person', 'records']),
  /** How many records were erased. */
  records: z.number().int().nonnegative(),
});

export const privacyEventSchemas = {
  /**
   * The erasure's one transaction committed: the records' rows and (scope `person`) the key
   * are gone. `files` (relative to DATA_DIR: résumés, mail copies) are still to be deleted.
   */
  ErasureStarted: erasure.extend({ files: z.array(z.string()) }),
  /** Every file is gone too: the erasure is complete. */
  PersonErased: erasure.extend({ requestedAt: z.string() }),
  /** Settings → Privacy: one retention period per kind of record, in days. */
  RetentionPeriodsSet: z.object({
    periods: z.partialRecord(z.enum(kinds), z.number().int().min(0)),
  }),
  /** The daily retention job ran: how many records it erased. */
  RetentionRunCompleted: z.object({ ranAt: z.string(), erased: z.number().int().nonnegative() }),
};

export const privacyEvents = defineEvents(privacyEventSchemas);

export type PrivacyEvent = EventOf<typeof privacyEventSchemas>;

export const erasureStream = (erasureId: string): string => `privacy-erasure:${erasureId}`;
export const RETENTION_SETTINGS_STREAM = 'privacy-settings:retention';
export const RETENTION_RUNS_STREAM = 'privacy-retention:runs';
