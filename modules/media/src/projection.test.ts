import { EventStore } from '@kw/platform';
import { createTestDatabase, type TestDatabase } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MediaEvent, mediaStream } from './events.ts';
import { MEDIA_FILES, mediaFilesProjection } from './projection.ts';

// Given events appended through the store, then the rows of media_files are the library.

let tdb: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new EventStore(tdb.db, { projections: [mediaFilesProjection] });
});
afterAll(() => tdb.drop());

async function given(id: string, ...events: MediaEvent[]) {
  const stream = mediaStream(id);
  return store.append(stream, await store.streamVersion(stream), events, {
    metadata: { actor: 'test' },
  });
}

const rows = () => tdb.db(MEDIA_FILES).orderBy('filename');

describe('media-files projection', () => {
  const A = '00000000-0000-4000-8000-0000000000a1';
  const B = '00000000-0000-4000-8000-0000000000a2';
  const uploaded = (mediaId: string, filename: string): MediaEvent => ({
    type: 'MediaUploaded',
    data: { mediaId, filename, originalName: 'Logo.png', mimetype: 'image/png', size: 68 },
  });

  it('given two MediaUploaded, then two rows with what was recorded', async () => {
    const [first] = await given(A, uploaded(A, 'a-1.png'));
    await given(B, uploaded(B, 'b-2.png'));
    expect(await rows()).toEqual([
      {
        id: A,
        filename: 'a-1.png',
        original_name: 'Logo.png',
        mimetype: 'image/png',
        size: 68,
        uploaded_at: first!.occurredAt,
        width: null,
        height: null,
        rendition_widths: null,
      },
      expect.objectContaining({ id: B, filename: 'b-2.png' }),
    ]);
  });

  it('given MediaRenditionsMade, then the row has the size and the widths', async () => {
    await given(B, {
      type: 'MediaRenditionsMade',
      data: { mediaId: B, filename: 'b-2.png', width: 900, height: 600, widths: [400, 800] },
    });
    expect(await tdb.db(MEDIA_FILES).where({ id: B }).first()).toMatchObject({
      width: 900,
      height: 600,
      rendition_widths: [400, 800],
    });
  });

  it('given MediaDeleted, then only that row is gone', async () => {
    await given(A, { type: 'MediaDeleted', data: { mediaId: A, filename: 'a-1.png' } });
    expect((await rows()).map((r) => r.id)).toEqual([B]);
  });
});
