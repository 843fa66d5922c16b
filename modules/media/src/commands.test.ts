import { describe, expect, it } from 'vitest';
import { deleteMedia, mediaState, NO_MEDIA, recordRenditions, uploadMedia } from './commands.ts';

const file = {
  mediaId: 'm1',
  filename: 'abc-123.png',
  originalName: 'logo.png',
  mimetype: 'image/png',
  size: 68,
};

describe('media decisions', () => {
  it('given a received file, when recorded, then MediaUploaded with what was detected', () => {
    expect(uploadMedia(file)).toEqual([{ type: 'MediaUploaded', data: file }]);
  });

  it('given an uploaded file, when deleted, then MediaDeleted names its stored file', () => {
    expect(deleteMedia(mediaState(uploadMedia(file)), 'm1')).toEqual([
      { type: 'MediaDeleted', data: { mediaId: 'm1', filename: 'abc-123.png' } },
    ]);
  });

  it('given no file or a deleted one, when deleted, then it is not found', () => {
    expect(() => deleteMedia(NO_MEDIA, 'm1')).toThrow('File not found');
    const history = [...uploadMedia(file), ...deleteMedia(mediaState(uploadMedia(file)), 'm1')];
    expect(() => deleteMedia(mediaState(history), 'm1')).toThrow('File not found');
  });

  const made = {
    mediaId: 'm1',
    filename: 'abc-123.png',
    width: 900,
    height: 600,
    widths: [400, 800],
  };

  it('given an uploaded image, when its renditions are made, then MediaRenditionsMade once', () => {
    const first = recordRenditions(mediaState(uploadMedia(file)), made);
    expect(first).toEqual([{ type: 'MediaRenditionsMade', data: made }]);
    expect(recordRenditions(mediaState([...uploadMedia(file), ...first]), made)).toEqual([]);
  });

  it('given a deleted file, when its renditions are made, then nothing is recorded', () => {
    const history = [...uploadMedia(file), ...deleteMedia(mediaState(uploadMedia(file)), 'm1')];
    expect(recordRenditions(mediaState(history), made)).toEqual([]);
    expect(recordRenditions(NO_MEDIA, made)).toEqual([]);
  });
});
