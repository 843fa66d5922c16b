import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError, type Config, ValidationError } from '@kw/platform';
import type { RouteContext } from '@kw/platform/http';
import { fileTypeFromFile } from 'file-type';
import formidable, { errors as formidableErrors } from 'formidable';
import {
  RESUME_MAX_BYTES,
  RESUME_REQUIRED_MESSAGE,
  RESUME_SIZE_MESSAGE,
  RESUME_TYPE_MESSAGE,
} from './contract.ts';

/** Where résumés live: under the private folder, which nothing serves to the public. */
export function resumesDir(config: Config): string {
  return path.join(config.privateDir, 'resumes');
}

const STORED_NAME = /^[a-f0-9]{32}\.(pdf|doc|docx)$/;

/** The path of a stored résumé, or undefined for a name we could never have given. */
export function resumePath(config: Config, filename: string): string | undefined {
  return STORED_NAME.test(filename) ? path.join(resumesDir(config), filename) : undefined;
}

/** Types accepted by their content (magic bytes), with the extension we store them under. */
const ACCEPTED: Record<string, { ext: 'pdf' | 'doc' | 'docx'; mime: string }> = {
  pdf: { ext: 'pdf', mime: 'application/pdf' },
  docx: {
    ext: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  // Word 97-2003 files are OLE compound files; only with a .doc name do we take one as a résumé.
  cfb: { ext: 'doc', mime: 'application/msword' },
};

export class UnsupportedResumeError extends AppError {
  constructor() {
    super(415, RESUME_TYPE_MESSAGE, { errors: [{ path: 'resume', message: RESUME_TYPE_MESSAGE }] });
  }
}

export class ResumeTooLargeError extends AppError {
  constructor() {
    super(413, RESUME_SIZE_MESSAGE, { errors: [{ path: 'resume', message: RESUME_SIZE_MESSAGE }] });
  }
}

export interface UploadedApplication {
  fields: Record<string, string>;
  resume: { tempPath: string; originalName: string; size: number } | undefined;
  /** Removes whatever the upload left in the temporary folder. */
  cleanup(): Promise<void>;
}

/** Leaves room for the text fields beside a résumé of the maximum size. */
const FIELDS_MAX_BYTES = 64 * 1024;

/**
 * Reads the multipart body into a temporary folder of its own, beside the résumés (so the
 * move is a rename). The caller must call `cleanup()` whatever happens.
 */
export async function receiveApplicationUpload(
  req: RouteContext['req'],
  config: Config,
): Promise<UploadedApplication> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > RESUME_MAX_BYTES + FIELDS_MAX_BYTES) {
    req.resume();
    throw new ResumeTooLargeError();
  }
  if (!req.is('multipart/form-data')) {
    req.resume();
    throw new ValidationError(
      [{ path: 'resume', message: RESUME_REQUIRED_MESSAGE }],
      'The application must be sent as multipart/form-data',
    );
  }
  const tempDir = path.join(config.privateDir, 'tmp', randomUUID());
  await mkdir(tempDir, { recursive: true });
  const cleanup = () => rm(tempDir, { recursive: true, force: true });
  const form = formidable({
    uploadDir: tempDir,
    maxFiles: 1,
    maxFileSize: RESUME_MAX_BYTES,
    maxFields: 20,
    maxFieldsSize: FIELDS_MAX_BYTES,
    allowEmptyFiles: true,
    minFileSize: 0,
    keepExtensions: false,
    filter: ({ name }) => name === 'resume',
  });
  try {
    const [fields, files] = await form.parse(req);
    const file = files.resume?.[0];
    const flat = Object.fromEntries(
      Object.entries(fields).map(([key, values]) => [key, values?.[0] ?? '']),
    );
    const resume =
      file && file.size > 0 && file.originalFilename
        ? { tempPath: file.filepath, originalName: file.originalFilename, size: file.size }
        : undefined;
    return { fields: flat, resume, cleanup };
  } catch (error) {
    await cleanup();
    req.resume();
    const code = (error as { code?: number }).code;
    if (
      code === formidableErrors.biggerThanMaxFileSize ||
      code === formidableErrors.biggerThanTotalMaxFileSize
    )
      throw new ResumeTooLargeError();
    if (code === formidableErrors.maxFilesExceeded)
      throw new ValidationError([{ path: 'resume', message: 'Please upload one resume only' }]);
    throw new ValidationError([], 'The application form could not be read');
  }
}

/** Checks the résumé by its content; answers the type to store it as, or throws a 415. */
export async function checkResumeType(
  tempPath: string,
  originalName: string,
): Promise<{ ext: string; mime: string }> {
  const detected = await fileTypeFromFile(tempPath);
  const accepted = detected ? ACCEPTED[detected.ext] : undefined;
  if (!accepted) throw new UnsupportedResumeError();
  if (detected?.ext === 'cfb' && !originalName.toLowerCase().endsWith('.doc'))
    throw new UnsupportedResumeError();
  return accepted;
}

/** Moves the checked résumé to the private folder under a random name. */
export async function storeResume(
  config: Config,
  tempPath: string,
  ext: string,
): Promise<{ filename: string; path: string }> {
  const dir = resumesDir(config);
  // For this process's user alone: a résumé is a person's whole history, and other users of
  // the machine have no business reading it (the upload's temporary file was readable).
  await mkdir(config.privateDir, { recursive: true, mode: 0o700 });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await Promise.all([chmod(config.privateDir, 0o700), chmod(dir, 0o700)]);
  const filename = `${randomBytes(16).toString('hex')}.${ext}`;
  const target = path.join(dir, filename);
  await rename(tempPath, target);
  await chmod(target, 0o600);
  return { filename, path: target };
}

export async function removeResume(config: Config, filename: string): Promise<void> {
  const file = resumePath(config, filename);
  if (file) await rm(file, { force: true });
}
