import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError, type EventMetadata, ValidationError } from '@kw/platform';
import { type AppServices, withoutUnusualCharacters } from '@kw/platform/http';
import type { Request } from 'express';
import { fileTypeFromFile } from 'file-type';
import formidable, { type File, errors as formidableErrors } from 'formidable';
import { recordUpload } from './commands.ts';
import {
  ACCEPTED,
  type MediaCategory,
  type MediaFile,
  SIZE_LIMITS,
  type UploadKind,
} from './contract.ts';
import { findMedia } from './queries.ts';

// An upload is trusted only after its content says what it is (magic bytes, file-type), never
// by its name or the browser's Content-Type. Stored under a random name with the detected extension.

const MB = 1024 * 1024;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function categoryOf(mime: string, ext: string): MediaCategory | undefined {
  if (mime.startsWith('image/') && ext !== 'svg') return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime === 'application/pdf' || mime === DOCX) return 'document';
  if (mime === 'application/zip') return 'archive';
  return undefined;
}

const TYPE_NAMES: Record<MediaCategory, string> = {
  image: 'images',
  video: 'video',
  audio: 'audio',
  document: 'PDF, DOC or DOCX documents',
  archive: 'ZIP archives',
};

export class UnsupportedTypeError extends AppError {
  constructor(kind: UploadKind) {
    super(
      415,
      `Unsupported file type. Allowed here: ${ACCEPTED[kind].map((c) => TYPE_NAMES[c]).join(', ')}.`,
    );
  }
}

export class NotMultipartError extends AppError {
  constructor() {
    super(415, 'Send the file as multipart/form-data.');
  }
}

export class TooLargeError extends AppError {
  constructor(limit: number, what: string) {
    super(413, `File too large: ${what} may be at most ${Math.round(limit / MB)} MB.`);
  }
}

/** What the content really is: a MIME type and extension we will serve it with. */
async function detect(file: File): Promise<{ mime: string; ext: string } | undefined> {
  const found = await fileTypeFromFile(file.filepath);
  if (!found) return undefined;
  // Old Word files are compound documents; accept that container only under a .doc name.
  if (found.ext === 'cfb') {
    return /\.doc$/i.test(file.originalFilename ?? '')
      ? { mime: 'application/msword', ext: 'doc' }
      : undefined;
  }
  return { mime: found.mime, ext: found.ext };
}

function cleanOriginalName(name: string | null): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
  const base = path.basename(name ?? 'file').replace(/[\u0000-\u001f\u007f]/g, '');
  // A display name only: a lone surrogate (or half an emoji cut at 200) is dropped.
  return withoutUnusualCharacters(base.slice(0, 200)) || 'file';
}

/** Receives one multipart file, checks it, stores it and records MediaUploaded. */
export async function receiveUpload(
  req: Request,
  services: AppServices,
  metadata: EventMetadata,
  kind: UploadKind,
  fields: readonly string[],
): Promise<MediaFile> {
  // Checked before the folder is made: express.json has already read a JSON body, and
  // formidable would wait for a stream that has ended.
  if (!req.is('multipart/form-data')) {
    req.resume();
    throw new NotMultipartError();
  }
  const { uploadsDir } = services.config;
  // A folder per request, removed at the end: formidable leaves partial files when it fails.
  await mkdir(path.join(uploadsDir, '.incoming'), { recursive: true });
  const incoming = await mkdtemp(path.join(uploadsDir, '.incoming', 'upload-'));
  try {
    return await receiveInto(req, services, metadata, kind, fields, incoming);
  } finally {
    await rm(incoming, { recursive: true, force: true });
  }
}

async function receiveInto(
  req: Request,
  services: AppServices,
  metadata: EventMetadata,
  kind: UploadKind,
  fields: readonly string[],
  incoming: string,
): Promise<MediaFile> {
  const { uploadsDir } = services.config;
  const maxFileSize = Math.max(...ACCEPTED[kind].map((c) => SIZE_LIMITS[c]));
  const form = formidable({
    uploadDir: incoming,
    maxFiles: 1,
    maxFileSize,
    maxTotalFileSize: maxFileSize,
    maxFields: 20,
    allowEmptyFiles: false,
    minFileSize: 1,
  });
  let files: formidable.Files;
  try {
    [, files] = await form.parse(req);
  } catch (error) {
    const { code, httpCode } = error as { code?: number; httpCode?: number };
    if (code === formidableErrors.maxFilesExceeded) {
      throw new ValidationError(
        [{ path: fields[0] ?? 'file', message: 'Send one file per request' }],
        'Send one file per request',
      );
    }
    if (httpCode === 413) throw new TooLargeError(maxFileSize, 'uploads here');
    throw new ValidationError(
      [{ path: 'file', message: 'The upload could not be read' }],
      `The upload could not be read: ${(error as Error).message}`,
    );
  }
  const all = Object.entries(files).flatMap(([, list]) => list ?? []);
  const file = fields.flatMap((name) => files[name] ?? [])[0];
  try {
    if (!file) {
      throw new ValidationError(
        [{ path: fields[0] ?? 'file', message: 'No file uploaded' }],
        `No file uploaded (expected the field '${fields.join("' or '")}')`,
      );
    }
    const type = await detect(file);
    const category = type && categoryOf(type.mime, type.ext);
    if (!type || !category || !ACCEPTED[kind].includes(category))
      throw new UnsupportedTypeError(kind);
    if (file.size > SIZE_LIMITS[category])
      throw new TooLargeError(SIZE_LIMITS[category], TYPE_NAMES[category]);
    const filename = `${Date.now().toString(36)}-${randomBytes(12).toString('hex')}.${type.ext}`;
    await rename(file.filepath, path.join(uploadsDir, filename));
    const mediaId = randomUUID();
    try {
      await recordUpload(
        services.store,
        {
          mediaId,
          filename,
          originalName: cleanOriginalName(file.originalFilename),
          mimetype: type.mime,
          size: file.size,
        },
        metadata,
      );
    } catch (error) {
      await rm(path.join(uploadsDir, filename), { force: true });
      throw error;
    }
    const stored = await findMedia(services.db, filename);
    if (!stored) throw new Error('upload was not recorded');
    return stored;
  } catch (error) {
    // Nothing of a refused upload stays on disk (the request's folder goes too).
    await Promise.all(all.map((f) => rm(f.filepath, { force: true })));
    throw error;
  }
}
