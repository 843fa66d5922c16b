import { careersEvents } from '@kw/careers/events';
import { contactEvents } from '@kw/contact';
import { newsletterEvents } from '@kw/newsletter/events';
import { EventStore } from '@kw/platform';
import { createTestDatabase, type TestDatabase } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TYPES_WITH_PERSONAL_FIELDS,
  up,
} from '../migrations/20261123_3001_seal_personal_fields.ts';

// The migration of issue 13 on the real modules' events: a log written before personal
// fields were sealed is re-written once, and reads as before.

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

const row = (streamId: string, version: number, type: string, data: object) => ({
  stream_id: streamId,
  stream_type: streamId.split(':')[0],
  version,
  type,
  data: JSON.stringify(data),
  metadata: JSON.stringify({ actor: 'visitor' }),
});

const visitor = { ipAddress: '198.51.100.7', userAgent: 'Firefox/140.0' };
const old = [
  row('contact:c1', 1, 'ContactReceived', {
    submissionId: 'c1',
    firstName: 'Olive',
    lastName: 'Oldlog',
    email: 'olive.oldlog@example.ca',
    phone: '519-555-0111',
    company: 'Oldlog Ltd',
    service: 'integration',
    message: 'Written before the sealing.',
    subscribeNewsletter: false,
    referer: '',
    ...visitor,
  }),
  row('contact:c1', 2, 'ContactSubmissionEnriched', {
    submissionId: 'c1',
    deviceType: 'desktop',
    browserName: 'Firefox',
    browserVersion: '140',
    os: 'Linux',
    country: 'CA',
    city: 'Oldtown',
  }),
  row('subscriber:s1', 1, 'SubscriberJoined', {
    subscriberId: 's1',
    email: 'olive.oldlog@example.ca',
    firstName: 'Olive',
    lastName: null,
    source: 'website',
    referer: '',
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    ...visitor,
  }),
  row('job-application:a1', 1, 'ApplicationSubmitted', {
    applicationId: 'a1',
    jobId: 'j1',
    jobTitle: 'Analyst',
    firstName: 'Olive',
    lastName: 'Oldlog',
    email: 'olive.oldlog@example.ca',
    phone: '519-555-0111',
    coverLetter: 'Old cover letter.',
    resumeFilename: 'a.pdf',
    resumeOriginalName: 'olive-cv.pdf',
    resumeMimeType: 'application/pdf',
    resumeSize: 10,
    ...visitor,
  }),
  row('job-application:a1', 2, 'ApplicationAcknowledged', {
    applicationId: 'a1',
    messageId: '<m1@example.ca>',
    to: 'olive.oldlog@example.ca',
  }),
];

describe('20261123_3001_seal_personal_fields', () => {
  it('covers only types the modules declare', () => {
    const declared = [contactEvents, newsletterEvents, careersEvents].flatMap((c) => c.types);
    for (const type of TYPES_WITH_PERSONAL_FIELDS) expect(declared).toContain(type);
  });

  it('given a log in clear, then it is sealed once and reads as before', async () => {
    await tdb.db('events').insert(old);
    const store = new EventStore(tdb.db);
    const streams = ['contact:c1', 'subscriber:s1', 'job-application:a1'];
    const before = await Promise.all(streams.map((s) => store.readStream(s)));
    const raw = async () => JSON.stringify(await tdb.db('events').select('data'));
    expect(await raw()).toContain('Oldlog');

    await up(tdb.db);
    const log = await raw();
    for (const trace of ['Oldlog', 'olive', '519-555-0111', 'Old cover', 'Oldtown', '198.51.100.7'])
      expect(log).not.toContain(trace);
    expect(
      (await Promise.all(streams.map((s) => store.readStream(s)))).map((h) => h.map((e) => e.data)),
    ).toEqual(before.map((h) => h.map((e) => e.data)));
    // Once: a second run changes nothing.
    await up(tdb.db);
    expect(await raw()).toBe(log);
  });
});
