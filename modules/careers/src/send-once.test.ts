import type { EventStore, StoredEvent } from '@kw/platform';
import { startSmtpCatcher } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { applicationStream } from './events.ts';
import { acknowledgementHandler } from './jobs.ts';
import { apply, createCategory, createJob } from './test-fixtures.ts';

// The worker records each e-mail on the application's stream, where the administrator writes
// too. A change of theirs landing while an e-mail goes out must not make it go out again.

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let app: TestApp;
let token: string;
let jobId: string;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  // A worker without handlers: only this test runs the job, so the moment is its own.
  app = await startTestApp({ worker: [], env: { SMTP_URL: smtp.url } });
  token = await app.login();
  jobId = await createJob(app, token, await createCategory(app, token));
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe('given an application whose acknowledgement is owed', () => {
  it('when the administrator changes its status while the e-mail goes out, then it is sent and recorded once', async () => {
    const res = await apply(app, jobId);
    const id = (await res.json()).id as string;
    const stream = applicationStream(id);
    const context = app.worker!.context;
    const [submitted] = (await context.store.readStream(stream)) as [StoredEvent];

    // The administrator's click lands right after the worker has read the stream.
    let clicked = false;
    const store = Object.create(context.store) as EventStore;
    store.readStream = async (streamId, trx) => {
      const history = await context.store.readStream(streamId, trx);
      if (!clicked) {
        clicked = true;
        const put = await app.fetch(`/api/job-applications/${id}/status`, {
          method: 'PUT',
          token,
          json: { status: 'reviewing' },
        });
        expect(put.status).toBe(200);
      }
      return history;
    };
    const run = () => acknowledgementHandler.handle(submitted, { ...context, store });
    // The job runs again, as the queue would retry a failed one.
    await run().catch(() => {});
    await run();

    expect(smtp.mails.filter((m) => m.to.includes('ada@example.ca'))).toHaveLength(1);
    const types = (await context.store.readStream(stream)).map((e) => e.type);
    expect(types).toEqual([
      'ApplicationSubmitted',
      'ApplicationStatusChanged',
      'ApplicationAcknowledged',
    ]);
  });
});
