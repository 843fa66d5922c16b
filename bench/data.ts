// The data `make bench` makes for itself: published posts, contact messages, a long event log.
import { randomUUID } from 'node:crypto';
import { type Db, eventLogRows, replaceEventLog } from '@kw/platform';

export const ADMIN = { username: 'admin', password: 'bench-password-1' };
export const ADMIN_EMAIL = 'owner@bench.example';

export async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** About the size of a real post (the demo posts, the 287 KB for 50). */
function postContent(n: number): string {
  const paragraph = (i: number) =>
    `Small firms in Waterloo Region ask us the same question in different words: where does ` +
    `software save time first? In project ${n}.${i} the answer was the quote: three people ` +
    `retyped the same figures from e-mail into a spreadsheet and then into the accounting ` +
    `system. We connected the two, kept the spreadsheet as a view, and moved the checks into ` +
    `the form itself, so a wrong part number is caught while the customer is still on the phone.`;
  const sections = Array.from(
    { length: 6 },
    (_, s) =>
      `## Step ${s + 1}: what we measured\n\n${paragraph(s)}\n\n${paragraph(s + 10)}\n\n` +
      `- hours saved each week: ${s + 3}\n- errors caught before invoicing: ${s * 2 + 1}\n`,
  );
  return `${paragraph(0)}\n\n${sections.join('\n')}`;
}

/** Makes `count` published posts in all (the demo's and new ones), through the API. */
export async function ensurePublishedPosts(
  url: string,
  token: string,
  count: number,
): Promise<string[]> {
  const list = async () =>
    (await (await fetch(`${url}/api/blog?published=true`)).json()) as { slug: string }[];
  const existing = await list();
  for (let i = existing.length; i < count; i++) {
    const res = await fetch(`${url}/api/blog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: `Bench post ${i}: automating the quote for a machine shop`,
        slug: `bench-post-${i}`,
        content: postContent(i),
        tags: ['automation', 'manufacturing', `bench-${i % 5}`],
        categories: ['Case notes'],
        published: true,
      }),
    });
    if (res.status !== 201) throw new Error(`creating a post: ${res.status} ${await res.text()}`);
  }
  return (await list()).map((p) => p.slug);
}

/** A contact message as the form sends it. */
export function contactBody(n: number): string {
  return JSON.stringify({
    firstName: 'Bench',
    lastName: `Visitor ${n}`,
    email: `visitor${n}@bench.example`,
    company: 'Grand River Tooling',
    service: 'integration',
    message: `Our quoting takes days (enquiry ${n}). Could you connect our CRM and our books?`,
  });
}

let addressCounter = 0;
/**
 * A visitor address never used before in this run, sent as X-Forwarded-For (the API trusts its
 * loopback proxy): the form's limit of 10 messages per address would otherwise answer 429.
 * From the IPv6 documentation prefix: a header value, never a destination.
 */
export function nextVisitorAddress(): string {
  addressCounter++;
  return `2001:db8::${(addressCounter >>> 16).toString(16)}:${(addressCounter & 0xffff).toString(16)}`;
}

export const MOBILE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

export async function postContact(url: string, n: number): Promise<string> {
  const res = await fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': MOBILE_AGENT,
      'x-forwarded-for': nextVisitorAddress(),
    },
    body: contactBody(n),
  });
  if (res.status !== 201) throw new Error(`POST /api/contact: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** Streams whose copies are new facts of their own (a UUID id; no unique name in their data). */
const CLONEABLE = /^(contact|analytics):([0-9a-f-]{36})$/;

/**
 * Makes the event log `target` events long by copying the contact and analytics streams it
 * has under new ids (through platform's backup functions: only platform touches the log).
 * Returns the log's length.
 */
export async function growEventLog(db: Db, target: number): Promise<number> {
  const rows: Record<string, unknown>[] = [];
  for await (const row of eventLogRows(db)) rows.push(row);
  if (rows.length >= target) return rows.length;
  const streams = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    if (!CLONEABLE.test(String(row.stream_id))) continue;
    const id = String(row.stream_id);
    streams.set(id, [...(streams.get(id) ?? []), row]);
  }
  if (streams.size === 0) throw new Error('no contact or analytics stream to copy');
  let position = Math.max(...rows.map((r) => Number(r.position)));
  const copies: Record<string, unknown>[] = [];
  outer: for (;;) {
    for (const [streamId, events] of streams) {
      const [, kind, id] = CLONEABLE.exec(streamId)!;
      const copyId = randomUUID();
      for (const event of events) {
        if (rows.length + copies.length >= target) break outer;
        copies.push({
          ...event,
          position: ++position,
          stream_id: `${kind}:${copyId}`,
          data: JSON.parse(JSON.stringify(event.data).replaceAll(id!, copyId)),
        });
      }
    }
  }
  async function* all() {
    yield* rows;
    yield* copies;
  }
  return db.transaction((trx) => replaceEventLog(trx, all()));
}

/** Counts the log with the batched read the backup uses: the rebuild's bare ceiling. */
export async function readWholeLog(db: Db): Promise<number> {
  let count = 0;
  for await (const _row of eventLogRows(db)) count++;
  return count;
}

/** One public page of each kind the sitemap lists (a post, a case study, a job, each page). */
export async function publicPagesOfEachKind(url: string): Promise<string[]> {
  const xml = await (await fetch(`${url}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const seen = new Set<string>();
  return paths.filter((p) => {
    const segments = p.split('/').filter(Boolean);
    const kind = segments.length > 1 ? `${segments[0]}/*` : p;
    if (seen.has(kind)) return false;
    seen.add(kind);
    return true;
  });
}
