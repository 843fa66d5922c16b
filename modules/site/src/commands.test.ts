import { RASTER_TYPES } from '@kw/media/contract';
import { type StoredEvent, ValidationError } from '@kw/platform';
import { describe, expect, it } from 'vitest';
import {
  type ChosenFile,
  clearFounderPhoto,
  handleFounderPhoto,
  setFounderPhoto,
} from './commands.ts';
import { FOUNDER_PHOTO_STREAM, type SiteEvent } from './events.ts';

// The founder's photo: given the setting's events, when the administrator chooses or removes a
// photo, then these events (or a refusal naming `mediaId`).

const at = new Date('2026-11-23T10:00:00Z');
const given = (...events: SiteEvent[]) =>
  handleFounderPhoto.fold(
    events.map(
      (e, i): StoredEvent => ({
        ...e,
        position: i + 1,
        streamId: FOUNDER_PHOTO_STREAM,
        streamType: 'site-settings',
        version: i + 1,
        metadata: { actor: 'admin:admin' },
        occurredAt: at,
      }),
    ),
  );

const A = '00000000-0000-4000-8000-0000000000a1';
const B = '00000000-0000-4000-8000-0000000000b2';
const photo = (mediaId: string, over: Partial<ChosenFile> = {}): ChosenFile => ({
  mediaId,
  url: `/media/${mediaId.slice(-2)}.jpg`,
  originalName: 'daniel.jpg',
  mimetype: 'image/jpeg',
  image: { width: 1200, height: 1500, widths: [400, 800, 1200] },
  ...over,
});
const set = (file: ChosenFile): SiteEvent => ({
  type: 'FounderPhotoSet',
  data: {
    mediaId: file.mediaId,
    url: file.url,
    originalName: file.originalName,
    image: file.image,
  },
});

describe("the founder's photo", () => {
  it('given none, when a photo is chosen, then FounderPhotoSet with its address and renditions', () => {
    expect(setFounderPhoto(given(), photo(A), RASTER_TYPES)).toEqual([set(photo(A))]);
  });

  it('given none, when a photo without renditions yet is chosen, then it is set with image null', () => {
    const fresh = photo(A, { image: null });
    expect(setFounderPhoto(given(), fresh, RASTER_TYPES)).toEqual([set(fresh)]);
  });

  it('given photo A, when A is chosen again, then nothing; when B, then B is set', () => {
    const state = given(set(photo(A)));
    expect(setFounderPhoto(state, photo(A), RASTER_TYPES)).toEqual([]);
    expect(setFounderPhoto(state, photo(B), RASTER_TYPES)).toEqual([set(photo(B))]);
  });

  it('when a file that is not a raster image is chosen, then a 400 naming mediaId and the file', () => {
    for (const mimetype of ['application/pdf', 'image/gif', 'video/mp4']) {
      const decide = () =>
        setFounderPhoto(given(), photo(A, { mimetype, originalName: 'brochure' }), RASTER_TYPES);
      expect(decide).toThrow(ValidationError);
      try {
        decide();
      } catch (error) {
        expect((error as ValidationError).status).toBe(400);
        expect((error as ValidationError).errors).toEqual([
          {
            path: 'mediaId',
            message: `brochure is not a photo (${mimetype}): choose a JPEG, PNG, WebP, AVIF or TIFF image`,
          },
        ]);
      }
    }
  });

  it('given photo A, when it is removed, then FounderPhotoCleared; given none (or removed), then nothing', () => {
    expect(clearFounderPhoto(given(set(photo(A))))).toEqual([
      { type: 'FounderPhotoCleared', data: {} },
    ]);
    expect(clearFounderPhoto(given())).toEqual([]);
    expect(
      clearFounderPhoto(given(set(photo(A)), { type: 'FounderPhotoCleared', data: {} })),
    ).toEqual([]);
  });

  it('given a removal, when A is chosen again, then it is set again', () => {
    const state = given(set(photo(A)), { type: 'FounderPhotoCleared', data: {} });
    expect(setFounderPhoto(state, photo(A), RASTER_TYPES)).toEqual([set(photo(A))]);
  });
});
