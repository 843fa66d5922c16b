// The thread a rebuild's key snapshot opens large batches on (keys.ts, `OpeningThread`): it
// unwraps each subject's key once, from the rows it was given, and opens values with them.
import type { KeyObject } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import {
  type KeyRow,
  type OpeningKey,
  openingKey,
  openWithOpeningKey,
  type SealedValue,
  unwrapWith,
} from './keys.ts';

let wrap: KeyObject | undefined;
let rows = new Map<string, string>();
const opened = new Map<string, OpeningKey>();

parentPort!.on(
  'message',
  (message: { wrap?: KeyObject; rows?: KeyRow[]; values?: SealedValue[] }) => {
    if (message.rows) {
      wrap = message.wrap;
      rows = new Map(message.rows.map((r) => [r.subject_id, r.wrapped_key]));
      opened.clear();
      return;
    }
    try {
      const plain = message.values!.map(({ subject, fingerprint, sealed }) => {
        let key = opened.get(subject);
        if (!key) {
          const wrapped = rows.get(subject);
          if (wrapped === undefined) return null;
          key = openingKey(unwrapWith(wrap!, { subject_id: subject, wrapped_key: wrapped }));
          opened.set(subject, key);
        }
        return key.fingerprint === fingerprint ? openWithOpeningKey(key, subject, sealed) : null;
      });
      parentPort!.postMessage({ plain });
    } catch (error) {
      parentPort!.postMessage({ error: (error as Error).message });
    }
  },
);
