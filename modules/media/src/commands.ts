import { commandHandler, type EventMetadata, type EventStore, NotFoundError } from '@kw/platform';
import {
  type MediaEvent,
  type MediaRenditionsMade,
  type MediaUploaded,
  mediaEvents,
  mediaStream,
} from './events.ts';

// Decisions about a stored file, pure; recordUpload and recordDeletion run them through the
// one command path. The bytes on disk are upload.ts's and the route's business.

export interface MediaState {
  /** The stored name while the file is in the library; null before its upload and after its deletion. */
  filename: string | null;
  /** Whether its renditions are recorded (a raster image's, made once by the worker). */
  renditions: boolean;
}

export const NO_MEDIA: MediaState = { filename: null, renditions: false };

// A file has one life: what the latest event says is all there is to know.
export function evolveMedia(state: MediaState, event: MediaEvent): MediaState {
  switch (event.type) {
    case 'MediaUploaded':
      return { filename: event.data.filename, renditions: false };
    case 'MediaDeleted':
      return { filename: null, renditions: false };
    case 'MediaRenditionsMade':
      return { ...state, renditions: true };
  }
}

/** A file's history folded, for the decision specs. */
export const mediaState = (history: readonly MediaEvent[]): MediaState =>
  history.reduce(evolveMedia, NO_MEDIA);

export const mediaDecider = {
  events: mediaEvents,
  initialState: () => NO_MEDIA,
  evolve: evolveMedia,
};
export const handleMedia = commandHandler(mediaDecider);

/** A file was received and checked: it joins the library. */
export function uploadMedia(file: MediaUploaded['data']): MediaEvent[] {
  return [{ type: 'MediaUploaded', data: file }];
}

/** A file leaves the library; one deleted already, or never uploaded, is not found. */
export function deleteMedia(state: MediaState, mediaId: string): MediaEvent[] {
  if (state.filename === null) throw new NotFoundError('File not found');
  return [{ type: 'MediaDeleted', data: { mediaId, filename: state.filename } }];
}

/**
 * The worker made a file's renditions: recorded once. Nothing when they are recorded already
 * (the job ran twice) or the file has left the library meanwhile (the caller removes them).
 */
export function recordRenditions(
  state: MediaState,
  made: MediaRenditionsMade['data'],
): MediaEvent[] {
  if (state.filename !== made.filename || state.renditions) return [];
  return [{ type: 'MediaRenditionsMade', data: made }];
}

export function recordUpload(
  store: EventStore,
  file: MediaUploaded['data'],
  metadata: EventMetadata,
) {
  return handleMedia(store, mediaStream(file.mediaId), () => uploadMedia(file), {
    metadata,
    newStream: true,
  });
}

export function recordDeletion(store: EventStore, mediaId: string, metadata: EventMetadata) {
  return handleMedia(store, mediaStream(mediaId), (state) => deleteMedia(state, mediaId), {
    metadata,
  });
}
