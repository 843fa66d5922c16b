import type { Db } from '@kw/platform';
import { eventually } from '@kw/platform/testing';

/** The part of the test harness's app these helpers use (the harness lives outside the module). */
interface TestApp<R extends Response> {
  fetch(pathname: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<R>;
}

// Small files the applicant's browser could send, recognised by their first bytes.

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
/** An OLE compound file header, as Word 97-2003 writes it. */
export const DOC = (() => {
  const b = Buffer.alloc(1536);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b);
  return b;
})();

export const APPLICANT = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.ca',
  phone: '519-555-0100',
  coverLetter: 'I would love to build models for local manufacturers.',
};

export function applicationForm(
  fields: Record<string, string> = APPLICANT,
  resume: { name: string; bytes: Buffer; type?: string } | null = {
    name: 'ada-cv.pdf',
    bytes: PDF,
    type: 'application/pdf',
  },
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (resume)
    form.append(
      'resume',
      new Blob([new Uint8Array(resume.bytes)], { type: resume.type ?? 'application/octet-stream' }),
      resume.name,
    );
  return form;
}

export const JOB_DESCRIPTION =
  'Build forecasting and quoting models for small manufacturers across Waterloo Region.';

export async function createCategory<R extends Response>(
  app: TestApp<R>,
  token: string,
  name = 'Engineering',
) {
  const res = await app.fetch('/api/job-categories', {
    method: 'POST',
    token,
    json: { name, description: 'People who build things', isActive: true },
  });
  if (res.status !== 201) throw new Error(`category: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

export async function createJob<R extends Response>(
  app: TestApp<R>,
  token: string,
  categoryId: string,
  extra: Record<string, unknown> = {},
) {
  const res = await app.fetch('/api/jobs', {
    method: 'POST',
    token,
    json: {
      title: 'Machine Learning Engineer',
      description: JOB_DESCRIPTION,
      categoryId,
      location: 'Cambridge, ON',
      salaryRange: '$90,000 - $120,000',
      isPublished: true,
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(`job: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

let nextAddress = 1;

/** Each call from an address of its own, so the per-IP limit stays out of tests about other rules. */
export async function apply<R extends Response>(
  app: TestApp<R>,
  jobId: string,
  form: FormData = applicationForm(),
  ip = `203.0.113.${nextAddress++ % 250}`,
) {
  return app.fetch(`/api/jobs/${jobId}/apply`, {
    method: 'POST',
    body: form,
    headers: { 'x-forwarded-for': ip },
  });
}

/**
 * Waits until every job of these queues has run (none waiting, retrying or running), so a test
 * can assert what did not happen without sleeping.
 */
export async function drained(db: Db, queues: readonly string[]): Promise<void> {
  await eventually(
    async () => {
      const pending = await db
        .withSchema('pgboss')
        .from('job')
        .whereIn('name', queues)
        .whereNotIn('state', ['completed', 'failed']);
      return pending.length === 0;
    },
    15_000,
    50,
  );
}
