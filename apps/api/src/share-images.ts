import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { findPostBySlug } from '@kw/blog';
import { listJobs } from '@kw/careers';
import { findCaseStudyBySlug } from '@kw/case-studies';
import type { ShareKind } from '@kw/media/contract';
import type { Config, Db, Logger } from '@kw/platform';
import type { Express } from 'express';
import { CARD_HEIGHT, CARD_WIDTH, shareCardSvg } from './share-card.ts';

// Share images, at /share/{posts|case-studies|careers}/{slug, or a job's id}: what og:image and
// twitter:image name. Made once per content version with sharp and kept on disk under
// DATA_DIR/share, named by the item and its version (its last change); a new version's image
// replaces the old one's file. A post or case study whose featured image is an uploaded
// raster image shares that image, cropped to 1200×630 (a JPEG); the others a card (a PNG).
// The pages name the version in the address (?v=…), so a network that keeps images by address
// fetches the new one after a change.

export const SHARE_KINDS: Record<ShareKind, string> = {
  posts: 'Blog post',
  'case-studies': 'Case study',
  careers: 'Careers',
};

/** The version the pages name in a share image's address: a post's or case study's stream version, a job's last change. */
export const shareVersion = (item: { updatedAt: string; version?: number | undefined }) =>
  item.version !== undefined ? `${item.version}` : Date.parse(item.updatedAt).toString(36);

/** What a share image shows, and the version it is made for. */
interface Shared {
  id: string;
  title: string;
  version: string;
  /** The uploaded raster featured image (`/media/<name>`), when there is one with renditions. */
  photo?: string | undefined;
}

async function findShared(db: Db, kind: ShareKind, key: string): Promise<Shared | undefined> {
  if (kind === 'careers') {
    const job = (await listJobs(db, { visibleOnly: true })).find((j) => j.id === key);
    return job && { id: job.id, title: job.title, version: shareVersion(job) };
  }
  const item =
    kind === 'posts'
      ? await findPostBySlug(db, key, 'public')
      : await findCaseStudyBySlug(db, key, 'public');
  if (!item) return undefined;
  return {
    id: item.id,
    title: item.title,
    version: shareVersion(item),
    photo: item.featuredImageRenditions ? item.featuredImage : undefined,
  };
}

/** How many images this process has made (the tests' proof that a second request made none). */
export const shareImageStats = { made: 0 };

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

async function makeImage(config: Config, item: Shared, kind: ShareKind, file: string) {
  const { default: sharp } = await import('sharp');
  const image = item.photo
    ? sharp(path.join(config.uploadsDir, path.basename(item.photo)))
        .rotate()
        .resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover', position: 'attention' })
        .jpeg({ quality: 82, mozjpeg: true })
    : sharp(
        Buffer.from(
          shareCardSvg({
            kind: SHARE_KINDS[kind],
            title: item.title,
            host: new URL(config.publicUrl).host,
          }),
        ),
      ).png({ compressionLevel: 9 });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.part`;
  try {
    await image.toFile(temporary);
    await rename(temporary, file);
    shareImageStats.made++;
  } finally {
    await rm(temporary, { force: true });
  }
  // The item's images of earlier versions go.
  const dir = path.dirname(file);
  const mine = path.basename(file);
  for (const name of await readdir(dir)) {
    if (name !== mine && name.startsWith(`${item.id}-`) && !name.endsWith('.part'))
      await rm(path.join(dir, name), { force: true });
  }
}

/** The image file of an item's current version, made when missing (once for all who ask at once). */
const making = new Map<string, Promise<void>>();
export async function shareImageFile(
  config: Config,
  db: Db,
  kind: ShareKind,
  key: string,
): Promise<{ file: string; type: string; version: string } | undefined> {
  const item = await findShared(db, kind, key);
  if (!item) return undefined;
  const dir = path.join(config.dataDir, 'share', kind);
  const ext = item.photo ? 'jpg' : 'png';
  const file = path.join(dir, `${item.id}-${item.version}.${ext}`);
  if (!(await exists(file))) {
    let made = making.get(file);
    if (!made) {
      made = mkdir(dir, { recursive: true })
        .then(() => makeImage(config, item, kind, file))
        .finally(() => making.delete(file));
      making.set(file, made);
    }
    await made;
  }
  return { file, type: item.photo ? 'image/jpeg' : 'image/png', version: item.version };
}

const KEY = /^[a-z0-9][a-z0-9-]{0,200}$/i;

export function mountShareImages(
  app: Express,
  services: { config: Config; db: Db; logger: Logger },
) {
  app.get('/share/:kind/:key', async (req, res, next) => {
    try {
      const { kind, key } = req.params;
      if (!(kind in SHARE_KINDS) || !KEY.test(key)) {
        res.status(404).type('text').send('Not found');
        return;
      }
      const found = await shareImageFile(services.config, services.db, kind as ShareKind, key);
      if (!found) {
        res.status(404).type('text').send('Not found');
        return;
      }
      // The version's own address never changes its image; any other asks again in a while.
      res.setHeader(
        'Cache-Control',
        req.query.v === found.version
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=300',
      );
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.type(found.type).sendFile(found.file, { dotfiles: 'deny' });
    } catch (error) {
      next(error);
    }
  });
}
