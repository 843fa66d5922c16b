import { rm } from 'node:fs/promises';
import path from 'node:path';
import { NotFoundError, ValidationError } from '@kw/platform';
import { created, type RouteDef, route } from '@kw/platform/http';
import { z } from 'zod';
import { recordDeletion } from './commands.ts';
import { STORED_NAME } from './contract.ts';
import { findMedia, listMedia } from './queries.ts';
import { removeRenditions } from './rendition-files.ts';
import { receiveUpload } from './upload.ts';

const filenameParams = z.object({ filename: z.string().max(300) });

export const mediaRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/upload',
    access: 'admin',
    docs: {
      summary: 'Upload a picture or file for the editors',
      query: z.object({ kind: z.enum(['image']).optional() }),
      multipart: z.object({ file: z.file().optional(), image: z.file().optional() }),
      description:
        "One file, in the field `file` or `image`; `kind=image` (the case study editor's) takes images only.",
      response: { status: 201 },
    },
    async handler({ req, services, metadata }) {
      // 'image' comes from the case-study editor (images only), 'file' from the blog editor.
      const kind = req.query.kind === 'image' ? 'image' : 'editor';
      return created(await receiveUpload(req, services, metadata, kind, ['file', 'image']));
    },
  }),
  route({
    method: 'post',
    path: '/api/media/upload',
    access: 'admin',
    docs: {
      summary: 'Add a file to the media library',
      multipart: z.object({ file: z.file() }),
      response: { status: 201 },
    },
    async handler({ req, services, metadata }) {
      return created(await receiveUpload(req, services, metadata, 'media', ['file']));
    },
  }),
  route({
    method: 'get',
    path: '/api/media',
    access: 'admin',
    handler({ services }) {
      return listMedia(services.db);
    },
  }),
  route({
    method: 'delete',
    path: '/api/media/:filename',
    access: 'admin',
    params: filenameParams,
    async handler({ params, services, metadata }) {
      // Only our own stored names: no separators, no dot-dot, nothing outside the folder.
      if (!STORED_NAME.test(params.filename) || params.filename !== path.basename(params.filename))
        throw new ValidationError(
          [{ path: 'filename', message: 'Invalid file name' }],
          'Invalid file name',
        );
      const file = await findMedia(services.db, params.filename);
      if (!file) throw new NotFoundError('File not found');
      await recordDeletion(services.store, file.id, metadata);
      await rm(path.join(services.config.uploadsDir, file.filename), { force: true });
      await removeRenditions(services.config.uploadsDir, file.filename);
      return { message: 'File deleted' };
    },
  }),
];
