import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

// Answers kept ready to send: the bytes of a page or a list as they go on the wire, in each
// encoding a client may ask for (compressed once, when stored, never per request), with a
// strong ETag per encoding, so a revalidation costs a comparison and a 304.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

/** br when the client takes it, else gzip, else the bytes as they are (`q=0` refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let br = false;
  let gzip = false;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name === 'br' || name === '*') br = true;
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity';
}

export interface AnswerForm {
  body: Buffer;
  etag: string;
  /**
   * The ETag of bytes sent before in this form that decode to the same content (the quick
   * brotli, replaced by the smallest): a client holding them still gets a 304.
   */
  earlier?: string;
}

export interface StoredAnswer {
  status: number;
  /** The headers of every form of the answer (content type, caching), flattened name, value. */
  headers: readonly string[];
  forms: Record<Encoding, AnswerForm>;
  /** What the answer holds in memory (counted with the quick brotli, which is the larger). */
  bytes: number;
  /** Settles once the brotli form is the smallest. */
  smallest: Promise<void>;
}

const brotliAt = (identity: Buffer, quality: number) =>
  brotli(identity, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  });

/**
 * Compresses an answer into each form, off the event loop (zlib's thread pool). Brotli comes
 * first at quality 5 (about a millisecond for a page) and is replaced by quality 11 (some 10 %
 * smaller, tens of milliseconds, more on a loaded machine) once that is ready: the first reader
 * after a change, who waits for the answer to be made, does not wait for the smallest form.
 */
export async function storeAnswer(
  status: number,
  headers: Record<string, string>,
  content: string | Buffer,
): Promise<StoredAnswer> {
  const identity = typeof content === 'string' ? Buffer.from(content) : content;
  const [br, gz] = await Promise.all([brotliAt(identity, 5), gzipAsync(identity, { level: 9 })]);
  // Strong validators: one per form, as each is a different sequence of bytes.
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  const forms: StoredAnswer['forms'] = {
    identity: { body: identity, etag: `"${hash}"` },
    gzip: { body: gz, etag: `"${hash}-gz"` },
    br: { body: br, etag: `"${hash}-br5"` },
  };
  const smallest = brotliAt(identity, 11).then(
    (best) => {
      forms.br = { body: best, etag: `"${hash}-br"`, earlier: `"${hash}-br5"` };
    },
    () => {}, // the quick form stays
  );
  return {
    status,
    headers: Object.entries(headers).flat(),
    forms,
    bytes: identity.length + gz.length + br.length + 200,
    smallest,
  };
}

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks for it). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim();
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === etag) return true;
  }
  return false;
}

/**
 * Sends the form the client prefers, or a 304 when it already holds it. `extra`: headers of
 * this response only (security headers, the request id, the cache's verdict).
 */
export function sendAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  answer: StoredAnswer,
  extra: readonly string[],
): void {
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const form = answer.forms[encoding];
  // The tag the client holds, if its bytes are still good: this form's, or its earlier one's.
  const ifNoneMatch = req.headers['if-none-match'];
  const held =
    answer.status === 200
      ? [form.etag, form.earlier].find((tag) => tag && notModified(ifNoneMatch, tag))
      : undefined;
  const common = [
    ...extra,
    ...answer.headers,
    'ETag',
    held ?? form.etag,
    'Vary',
    'Accept-Encoding',
  ];
  if (held) {
    res.writeHead(304, common);
    res.end();
    return;
  }
  const headers =
    encoding === 'identity'
      ? [...common, 'Content-Length', String(form.body.length)]
      : [...common, 'Content-Encoding', encoding, 'Content-Length', String(form.body.length)];
  res.writeHead(answer.status, headers);
  if (req.method === 'HEAD') res.end();
  else res.end(form.body);
}

/**
 * Answers by key, least recently used first out once their bytes pass `maxBytes`; pinned ones
 * (the pages rendered at start-up, a few hundred KB in all) stay and do not count.
 */
export class AnswerCache<Entry extends { answer: StoredAnswer }> {
  private readonly entries = new Map<string, Entry>();
  private readonly pinned = new Map<string, Entry>();
  private used = 0;
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string): Entry | undefined {
    const pinned = this.pinned.get(key);
    if (pinned) return pinned;
    const entry = this.entries.get(key);
    if (entry) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: Entry, options: { pin?: boolean } = {}): void {
    this.delete(key);
    if (options.pin) {
      this.pinned.set(key, entry);
      return;
    }
    const bytes = entry.answer.bytes;
    if (bytes > this.maxBytes / 4) return; // one answer never takes a quarter of the budget
    this.entries.set(key, entry);
    this.used += bytes;
    for (const [oldest, old] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= old.answer.bytes;
    }
  }

  delete(key: string): void {
    this.pinned.delete(key);
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.answer.bytes;
  }

  /** Bytes held by the answers that may be evicted, and how many answers in all. */
  get size(): { bytes: number; answers: number; pinned: number } {
    return { bytes: this.used, answers: this.entries.size, pinned: this.pinned.size };
  }
}
