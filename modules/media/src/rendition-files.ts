import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { renditionName } from './contract.ts';

// Where renditions live on disk, and their removal (with the file's deletion), without sharp:
// the API loads this, only the worker makes renditions (renditions.ts).

export const renditionsDir = (uploadsDir: string) => path.join(uploadsDir, 'renditions');

/** Removes every rendition an image may have (its deletion; a job that finds it deleted). */
export async function removeRenditions(uploadsDir: string, filename: string): Promise<void> {
  const dir = renditionsDir(uploadsDir);
  // By the name's stem: a small image's one rendition is at its own width.
  const stem = renditionName(filename, 0, 'avif').replace(/0w\.avif$/, '');
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter(
        (name) => name.startsWith(stem) && /^\d+w\.(avif|webp)$/.test(name.slice(stem.length)),
      )
      .map((name) => rm(path.join(dir, name), { force: true })),
  );
}

export const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
