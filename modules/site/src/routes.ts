import { findMediaById } from '@kw/media';
import { RASTER_TYPES } from '@kw/media/contract';
import { ValidationError } from '@kw/platform';
import { type AppServices, type RouteDef, route } from '@kw/platform/http';
import { clearFounderPhoto, handleFounderPhoto, setFounderPhoto } from './commands.ts';
import { founderPhotoAnswerSchema, founderPhotoUpdateSchema } from './contract.ts';
import { FOUNDER_PHOTO_STREAM } from './events.ts';
import { founderPhoto } from './queries.ts';

const mediaIdError = (message: string) => new ValidationError([{ path: 'mediaId', message }]);

async function chosenFile(services: AppServices, mediaId: string) {
  const file = await findMediaById(services.db, mediaId);
  if (!file)
    throw mediaIdError(
      'No file of the media library has this id (it may have been deleted): choose another',
    );
  return {
    mediaId: file.id,
    url: file.url,
    originalName: file.originalName,
    mimetype: file.mimetype,
    image: file.image,
  };
}

export const siteRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/site/founder-photo',
    access: 'public',
    docs: {
      summary: "The founder's photo on the about page, or null (the page shows the initials)",
      response: { json: founderPhotoAnswerSchema },
    },
    handler: ({ services }) => founderPhoto(services.db),
  }),
  route({
    method: 'put',
    path: '/api/site/founder-photo',
    access: 'admin',
    body: founderPhotoUpdateSchema,
    docs: {
      summary: "Settings → Site: the founder's photo is this image of the media library",
      description:
        '400 naming `mediaId` when no file has that id or the file is not a raster image (JPEG, PNG, WebP, AVIF, TIFF).',
      response: { json: founderPhotoAnswerSchema },
    },
    async handler({ body, services, metadata }) {
      const file = await chosenFile(services, body.mediaId);
      await handleFounderPhoto(
        services.store,
        FOUNDER_PHOTO_STREAM,
        (state) => setFounderPhoto(state, file, RASTER_TYPES),
        { metadata, retryOnConflict: true },
      );
      return founderPhoto(services.db);
    },
  }),
  route({
    method: 'delete',
    path: '/api/site/founder-photo',
    access: 'admin',
    docs: {
      summary: "Settings → Site: removes the founder's photo (the pages show the initials)",
      response: { json: founderPhotoAnswerSchema },
    },
    async handler({ services, metadata }) {
      await handleFounderPhoto(services.store, FOUNDER_PHOTO_STREAM, clearFounderPhoto, {
        metadata,
        retryOnConflict: true,
      });
      return founderPhoto(services.db);
    },
  }),
];
