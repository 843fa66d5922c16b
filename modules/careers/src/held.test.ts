import { digestOwed, noticeWindowAt, type StoredEvent } from '@kw/platform';
import { SPAM_REASONS } from '@kw/platform/http';
import { describe, expect, it } from 'vitest';
import {
  adminNotificationDue,
  arrivalEmailDue,
  countApplicationNotices,
  createJob,
  flagApplicationOnIntake,
  handleApplication,
  handleApplicationNotices,
  handleJob,
  judgeApplication,
  markApplicationSpam,
  queueApplicationNotice,
  receiveApplication,
  recordApplicationDigest,
  unmarkApplicationSpam,
} from './commands.ts';
import { APPLICATIONS_HELD_PATH } from './contract.ts';
import type { CareersEvent } from './events.ts';
import { applicationDigestEmail } from './mails.ts';

// Issue 11: an application whose only sign of a bot is its speed (autofill sends as fast) is
// held for review, not filed as spam. Given / when / then, without a database.

const given = (...events: CareersEvent[]): StoredEvent[] =>
  events.map((e, i) => ({
    ...e,
    position: i + 1,
    streamId: 'test:1',
    streamType: 'test',
    version: i + 1,
    metadata: { actor: 'test' },
    occurredAt: new Date(0),
  }));
const state = (...events: CareersEvent[]) => handleApplication.fold(given(...events));

const JOB = '22222222-2222-4222-8222-222222222222';
const APP = '33333333-3333-4333-8333-333333333333';
const publicUrl = 'https://www.example.ca';
const to = 'hr@example.ca';
const openJob = handleJob.fold(
  given(
    ...createJob(
      JOB,
      {
        title: 'Machine Learning Engineer',
        description: '<p>Build forecasting models for small manufacturers in Waterloo Region.</p>',
        categoryId: '11111111-1111-4111-8111-111111111111',
        location: '',
        employmentType: 'full-time',
        salaryRange: '',
        experienceLevel: 'mid',
        requirements: '',
        responsibilities: '',
        benefits: '',
        applicationsCloseAt: null,
        isPublished: true,
        isActive: true,
      },
      true,
    ),
  ),
);
const applicant = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.ca',
  phone: '519-555-0100',
  coverLetter: 'I would love to build models with you.',
};
const resume = { filename: 'a.pdf', originalName: 'cv.pdf', mimeType: 'application/pdf', size: 9 };
const visitor = { ip: '127.0.0.1', userAgent: 'test' };
const now = new Date('2026-11-23T15:00:00Z');
const secondsBefore = (s: number) => new Date(now.getTime() - s * 1000).toISOString();
const window = noticeWindowAt(now);

const arrivedHeld = receiveApplication(
  openJob,
  APP,
  applicant,
  resume,
  visitor,
  judgeApplication({ startedAt: secondsBefore(1), website: '' }, applicant.coverLetter, 0, now),
  now,
);
const released: CareersEvent = { type: 'ApplicationReleased', data: { applicationId: APP } };

describe('the intake verdict of an application', () => {
  it('when only its speed looks automated, then it is held with that reason, not spam', () => {
    expect(judgeApplication({ startedAt: secondsBefore(1), website: '' }, 'Hello', 0, now)).toEqual(
      { isSpam: false, held: true, reason: SPAM_REASONS.tooFast },
    );
    expect(arrivedHeld.map((e) => e.type)).toEqual(['ApplicationSubmitted', 'ApplicationHeld']);
    expect(arrivedHeld[1]).toEqual({
      type: 'ApplicationHeld',
      data: { applicationId: APP, reason: SPAM_REASONS.tooFast },
    });
  });

  it('when it is fast and shows another sign (honeypot, links, burst), then it is spam for that', () => {
    const fast = { startedAt: secondsBefore(1), website: '' };
    expect(judgeApplication({ ...fast, website: 'x' }, 'Hello', 0, now)).toEqual({
      isSpam: true,
      reason: SPAM_REASONS.honeypot,
    });
    const links = 'a http://a.b http://c.d http://e.f http://g.h';
    expect(judgeApplication(fast, links, 0, now).reason).toBe(SPAM_REASONS.links);
    expect(judgeApplication(fast, 'Hello', 2, now).reason).toBe(SPAM_REASONS.burst);
    expect(
      flagApplicationOnIntake(APP, judgeApplication(fast, 'Hello', 2, now)).map((e) => e.type),
    ).toEqual(['ApplicationMarkedSpam']);
  });

  it('when a person took their time, then neither', () => {
    const verdict = judgeApplication({ startedAt: secondsBefore(90), website: '' }, 'Hi', 0, now);
    expect(verdict).toEqual({ isSpam: false, reason: null });
    expect(flagApplicationOnIntake(APP, verdict)).toEqual([]);
  });
});

describe('given an application held for review', () => {
  const held = state(...arrivedHeld);

  it('then it is held with its reason, not spam', () => {
    expect(held).toMatchObject({ held: true, heldReason: SPAM_REASONS.tooFast, isSpam: false });
  });

  it('then the applicant is owed no acknowledgement yet, and the owner no usual notice', () => {
    expect(arrivalEmailDue(held, 'acknowledgement', { publicUrl })).toBeNull();
    expect(arrivalEmailDue(held, 'admin-notification', { publicUrl, adminEmail: to })).toBeNull();
  });

  it('then the owner is owed a held notice: queued once, its e-mail says held for review with the link', () => {
    const queued = queueApplicationNotice(held, to, window);
    expect(queued).toEqual([
      {
        type: 'ApplicationNoticeQueued',
        data: { applicationId: APP, mode: 'gathered', window: window.id, kind: 'held' },
      },
    ]);
    const after = state(...arrivedHeld, ...queued);
    expect(queueApplicationNotice(after, to, window)).toEqual([]);
    // Gathered in a round: no e-mail of its own until the round tells it one by one.
    expect(adminNotificationDue(after, { publicUrl, adminEmail: to })).toBeNull();
    const due = adminNotificationDue(after, { publicUrl, adminEmail: to, toldSeparately: 'held' });
    expect(due?.mail).toMatchObject({
      to,
      subject: 'Application held for review: Ada Lovelace for Machine Learning Engineer',
      messageId: `<application-${APP}-held@www.example.ca>`,
      headers: { 'Reply-To': 'ada@example.ca' },
    });
    expect(due?.mail.text).toContain(`${publicUrl}${APPLICATIONS_HELD_PATH}`);
    expect(due?.mail.text).toContain('submitted faster than a person could type');
    expect(due?.recorded).toEqual([
      {
        type: 'AdminNotifiedOfApplication',
        data: { applicationId: APP, messageId: due?.mail.messageId, to, held: true },
      },
    ]);
    const told = state(...arrivedHeld, ...queued, ...due!.recorded);
    expect(
      adminNotificationDue(told, { publicUrl, adminEmail: to, toldSeparately: 'held' }),
    ).toBeNull();
    // Told as held, not as the usual notice: that is owed on release.
    expect(told.adminNotified).toBe(false);
  });

  it('when counted in a digest, then the window counts it as held, and the digest says so', () => {
    const queued = queueApplicationNotice(held, to, window);
    const now = new Date('2031-03-02T15:01:00Z');
    const counted = countApplicationNotices(queued, now, new Date('2031-03-02T15:01:02Z'));
    expect(counted[0]).toEqual({
      type: 'ApplicationNoticesCounted',
      data: {
        notices: [{ applicationId: APP, mode: 'gathered', kind: 'held' }],
        at: now.toISOString(),
      },
    });
    const windowState = handleApplicationNotices.fold(given(...counted));
    const owed = digestOwed(windowState)!;
    expect(owed).toMatchObject({ count: 1, tags: { held: 1 } });
    const recorded = recordApplicationDigest(window.id, to, owed, now);
    expect(recorded[0].data).toEqual({
      window: window.id,
      to,
      count: 1,
      held: 1,
      at: now.toISOString(),
    });
    expect(digestOwed(handleApplicationNotices.fold(given(...counted, ...recorded)))).toBeNull();
    const mail = applicationDigestEmail(
      { window: window.id, count: 3, settledBefore: 0, minutes: 5, held: 1 },
      [{ ...applicant, jobTitle: 'Machine Learning Engineer', held: true }],
      { to, publicUrl },
    );
    expect(mail.subject).toBe('3 new applications (1 held for review)');
    expect(mail.text).toContain(`1 of them is held for your review`);
    expect(mail.text).toContain(`${publicUrl}${APPLICATIONS_HELD_PATH}`);
    expect(mail.text).toContain('for Machine Learning Engineer (held)');
  });

  it("when the administrator says 'Not spam', then it is released", () => {
    expect(unmarkApplicationSpam(held, APP)).toEqual([released]);
    expect(state(...arrivedHeld, released)).toMatchObject({ held: false, heldReason: null });
    // Released once: asking again changes nothing.
    expect(unmarkApplicationSpam(state(...arrivedHeld, released), APP)).toEqual([]);
  });

  it('when released, then the acknowledgement and the usual notice are owed, each once', () => {
    const heldQueued = queueApplicationNotice(held, to, window);
    const heldMail = adminNotificationDue(state(...arrivedHeld, ...heldQueued), {
      publicUrl,
      adminEmail: to,
      toldSeparately: 'held',
    })!.recorded;
    const history = [...arrivedHeld, ...heldQueued, ...heldMail, released];
    const after = state(...history);
    const ack = arrivalEmailDue(after, 'acknowledgement', { publicUrl });
    expect(ack?.mail).toMatchObject({ to: 'ada@example.ca' });
    expect(
      arrivalEmailDue(state(...history, ...ack!.recorded), 'acknowledgement', { publicUrl }),
    ).toBeNull();

    const queued = queueApplicationNotice(after, to, window);
    expect(queued).toEqual([
      {
        type: 'ApplicationNoticeQueued',
        data: { applicationId: APP, mode: 'gathered', window: window.id },
      },
    ]);
    const due = adminNotificationDue(state(...history, ...queued), {
      publicUrl,
      adminEmail: to,
      held: 2,
      toldSeparately: 'new',
    });
    expect(due?.mail).toMatchObject({
      subject: 'New application: Ada Lovelace for Machine Learning Engineer',
      messageId: `<application-${APP}-notification@www.example.ca>`,
    });
    expect(due?.mail.text).toContain(
      `2 applications are held for your review: ${publicUrl}${APPLICATIONS_HELD_PATH}`,
    );
    const told = state(...history, ...queued, ...due!.recorded);
    expect(
      adminNotificationDue(told, { publicUrl, adminEmail: to, toldSeparately: 'new' }),
    ).toBeNull();
    expect(queueApplicationNotice(told, to, window)).toEqual([]);
  });

  it('when marked spam instead, then it is spam, no longer held, and owed no e-mail', () => {
    const marked = markApplicationSpam(held, APP);
    expect(marked.map((e) => e.type)).toEqual(['ApplicationMarkedSpam']);
    const spam = state(...arrivedHeld, ...marked);
    expect(spam).toMatchObject({ isSpam: true, held: false, heldReason: null });
    expect(arrivalEmailDue(spam, 'acknowledgement', { publicUrl })).toBeNull();
    expect(queueApplicationNotice(spam, to, window)).toEqual([]);
    expect(adminNotificationDue(spam, { publicUrl, adminEmail: to })).toBeNull();
  });
});
