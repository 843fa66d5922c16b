import path from 'node:path';
import { defineHandler, type EventHandler, type WorkerContext } from '@kw/platform';
import { handleMedia, recordRenditions } from './commands.ts';
import { RASTER_TYPES } from './contract.ts';
import { mediaEvents, mediaStream, type StoredMediaEvent } from './events.ts';
import { MEDIA_RENDITIONS_QUEUE } from './index.ts';
import { imagesWithoutRenditions } from './queries.ts';
import { exists, removeRenditions } from './rendition-files.ts';
import { makeRenditions } from './renditions.ts';

// Worker side of the media library: the renditions of each raster upload, made once.

/**
 * Makes a stored image's renditions and records them. Safe to run twice, even at the same
 * moment: the files are replaced whole under the same names, and the decision records them
 * once. A file deleted meanwhile keeps no renditions.
 */
export async function renderImage(
  ctx: WorkerContext,
  file: { mediaId: string; filename: string },
  causation: { causationId?: number } = {},
): Promise<void> {
  const { uploadsDir } = ctx.config;
  const source = path.join(uploadsDir, file.filename);
  if (!(await exists(source))) return; // deleted already
  const made = await makeRenditions(uploadsDir, file.filename);
  await handleMedia(
    ctx.store,
    mediaStream(file.mediaId),
    (state) => recordRenditions(state, { mediaId: file.mediaId, filename: file.filename, ...made }),
    { metadata: { actor: 'worker', ...causation }, retryOnConflict: true },
  );
  // Deleted while they were made: the deletion may have looked for them before they existed.
  if (!(await exists(source))) await removeRenditions(uploadsDir, file.filename);
}

export async function makeUploadRenditions(event: StoredMediaEvent, ctx: WorkerContext) {
  if (event.type !== 'MediaUploaded' || !RASTER_TYPES.includes(event.data.mimetype)) return;
  await renderImage(ctx, event.data, { causationId: event.position });
}

/**
 * The images uploaded before renditions existed (or whose job was lost): made at the worker's
 * start, in the background, one at a time. Several workers starting together may each make
 * some of the same: harmless, as above.
 */
export async function makeMissingRenditions(ctx: WorkerContext): Promise<number> {
  const missing = await imagesWithoutRenditions(ctx.db, RASTER_TYPES);
  let made = 0;
  for (const file of missing) {
    try {
      await renderImage(ctx, { mediaId: file.id, filename: file.filename });
      made++;
    } catch (error) {
      ctx.logger.warn({ err: error, filename: file.filename }, 'renditions: cannot make them');
    }
  }
  if (missing.length > 0)
    ctx.logger.info({ made, missing: missing.length }, 'renditions made for earlier uploads');
  return made;
}

export const mediaHandlers: EventHandler[] = [
  defineHandler({
    queue: MEDIA_RENDITIONS_QUEUE,
    events: mediaEvents,
    handle: makeUploadRenditions,
  }),
];
