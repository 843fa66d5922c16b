import { type MediaEvent, mediaStream } from '@kw/media/events';
import { contentRevisions, EventStore, rebuildProjections } from '@kw/platform';
import { createTestDatabase, type TestDatabase } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOUNDER_PHOTO_STREAM, type SiteEvent } from './events.ts';
import { founderPhotoProjection, SITE_CONTENT, SITE_FOUNDER_PHOTO } from './projection.ts';
import { founderPhoto } from './queries.ts';

// Given the setting's events and the media library's events for its file, then the one row of
// site_founder_photo is what the pages show, and the page cache's 'site' revision moved only
// when it changed.

let tdb: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new EventStore(tdb.db, { projections: [founderPhotoProjection] });
});
afterAll(() => tdb.drop());

async function given(...events: SiteEvent[]) {
  return store.append(
    FOUNDER_PHOTO_STREAM,
    await store.streamVersion(FOUNDER_PHOTO_STREAM),
    events,
    {
      metadata: { actor: 'admin:admin' },
    },
  );
}
async function givenMedia(id: string, ...events: MediaEvent[]) {
  return store.append(mediaStream(id), await store.streamVersion(mediaStream(id)), events, {
    metadata: { actor: 'worker' },
  });
}

const rows = () => tdb.db(SITE_FOUNDER_PHOTO).select();
const revision = async () => (await contentRevisions(tdb.db)).get(SITE_CONTENT) ?? 0;

const A = '00000000-0000-4000-8000-0000000000a1';
const B = '00000000-0000-4000-8000-0000000000b2';
const setA: SiteEvent = {
  type: 'FounderPhotoSet',
  data: { mediaId: A, url: '/media/a1.jpg', originalName: 'daniel.jpg', image: null },
};

describe('site-founder-photo projection', () => {
  it('given nothing, then no row: the pages show the initials', async () => {
    expect(await rows()).toEqual([]);
    expect(await founderPhoto(tdb.db)).toEqual({ photo: null });
  });

  it('given FounderPhotoSet (before its renditions), then one row without a size', async () => {
    const before = await revision();
    const [stored] = await given(setA);
    expect(await rows()).toEqual([
      {
        slot: 'founder',
        media_id: A,
        url: '/media/a1.jpg',
        original_name: 'daniel.jpg',
        width: null,
        height: null,
        rendition_widths: null,
        updated_at: stored!.occurredAt,
      },
    ]);
    expect(await revision()).toBe(before + 1);
  });

  it("given its file's MediaRenditionsMade, then the row has the size and widths; another file's changes nothing", async () => {
    await givenMedia(A, {
      type: 'MediaRenditionsMade',
      data: { mediaId: A, filename: 'a1.jpg', width: 1200, height: 1500, widths: [400, 800, 1200] },
    });
    const before = await revision();
    await givenMedia(B, {
      type: 'MediaRenditionsMade',
      data: { mediaId: B, filename: 'b2.jpg', width: 640, height: 480, widths: [400, 640] },
    });
    await givenMedia(B, { type: 'MediaDeleted', data: { mediaId: B, filename: 'b2.jpg' } });
    expect(await revision()).toBe(before);
    expect(await founderPhoto(tdb.db)).toEqual({
      photo: {
        mediaId: A,
        url: '/media/a1.jpg',
        originalName: 'daniel.jpg',
        image: { width: 1200, height: 1500, widths: [400, 800, 1200] },
      },
    });
  });

  it('given FounderPhotoSet of another file (with renditions), then the row is that one', async () => {
    await given({
      type: 'FounderPhotoSet',
      data: {
        mediaId: B,
        url: '/media/b2.png',
        originalName: 'portrait.png',
        image: { width: 800, height: 800, widths: [400, 800] },
      },
    });
    expect(await rows()).toEqual([
      expect.objectContaining({
        media_id: B,
        url: '/media/b2.png',
        width: 800,
        rendition_widths: [400, 800],
      }),
    ]);
  });

  it('given FounderPhotoCleared, then no row, and the revision moved', async () => {
    const before = await revision();
    await given({ type: 'FounderPhotoCleared', data: {} });
    expect(await rows()).toEqual([]);
    expect(await revision()).toBe(before + 1);
  });

  it("given its file's MediaDeleted, then no row (the initials again), and the revision moved", async () => {
    await given(setA);
    const before = await revision();
    await givenMedia(A, { type: 'MediaDeleted', data: { mediaId: A, filename: 'a1.jpg' } });
    expect(await founderPhoto(tdb.db)).toEqual({ photo: null });
    expect(await revision()).toBe(before + 1);
  });

  it('replayed from the log (make rebuild-projections), in memory, then the same row', async () => {
    await given({
      type: 'FounderPhotoSet',
      data: { mediaId: B, url: '/media/b2.png', originalName: 'portrait.png', image: null },
    });
    await givenMedia(B, {
      type: 'MediaRenditionsMade',
      data: { mediaId: B, filename: 'b2.png', width: 800, height: 800, widths: [400, 800] },
    });
    const live = await rows();
    const result = await rebuildProjections(store, [founderPhotoProjection]);
    expect(result.direct).toEqual([]);
    expect(await rows()).toEqual(live);
  });
});
