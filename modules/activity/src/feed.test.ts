import { describe, expect, it } from 'vitest';
import type { ActivityEvent, NewActivityEvent } from './events.ts';
import { describeActivity, feedLine, metricOf } from './feed.ts';
import {
  applicationSubmitted,
  contactReceived,
  jobContent,
  postCreated,
  subscriberJoined,
} from './test-fixtures.ts';

// Given a stream's events, when one of them reaches the feed, then this line (or none).

let position = 0;
const at = new Date('2026-11-22T12:00:00Z');
/** A stream's events as the log would hold them. */
function stream(streamId: string, ...events: NewActivityEvent[]): ActivityEvent[] {
  return events.map(
    (event, index) =>
      ({
        ...event,
        position: ++position,
        streamId,
        streamType: streamId.split(':')[0]!,
        version: index + 1,
        metadata: { actor: 'test' },
        occurredAt: at,
      }) as ActivityEvent,
  );
}
const line = (history: ActivityEvent[], index: number) => feedLine(history[index]!, history);

const received = contactReceived('s1', { firstName: ' Ann ' });
const application = (firstName: string, lastName: string) =>
  applicationSubmitted('a1', 'j1', firstName, lastName);
const job = (title: string) => jobContent('j1', title);

describe('the feed line of an event', () => {
  it('given a contact submission, then its person, trimmed, with its icon and colour', () => {
    const history = stream('contact:s1', received);
    expect(line(history, 0)).toEqual({
      position: history[0]!.position,
      streamId: 'contact:s1',
      type: 'ContactReceived',
      title: 'New contact submission: Ann Lee',
      icon: 'Mail',
      color: 'green',
      occurredAt: at,
      actor: 'test',
    });
  });

  it('given an event that carries only ids, then the title or the name from the events before it', () => {
    const jobs = stream(
      'job:j1',
      { type: 'JobCreated', data: job('Developer') },
      { type: 'JobUpdated', data: job('Senior Developer') },
      { type: 'JobPublished', data: { jobId: 'j1' } },
      { type: 'JobUpdated', data: job('Lead Developer') },
    );
    expect(line(jobs, 2)).toMatchObject({ title: 'Job published: Senior Developer' });
    const applications = stream('job-application:a1', application('Alan', 'Turing'), {
      type: 'ApplicationRejected',
      data: { applicationId: 'a1', notes: '' },
    });
    expect(line(applications, 0)).toMatchObject({
      title: 'New job application: Alan Turing for Senior Developer',
      icon: 'Briefcase',
      color: 'indigo',
    });
    expect(line(applications, 1)).toMatchObject({
      title: 'Application rejected: Alan Turing',
      color: 'gray',
    });
  });

  it('given no name, then the address; given no title, then the line without one', () => {
    const history = stream('job-application:a2', application('', ' '));
    expect(line(history, 0)?.title).toBe(
      'New job application: applicant@example.ca for Senior Developer',
    );
    const post = stream('post:p1', {
      type: 'PostPublished',
      data: { postId: 'p1', publishedAt: at.toISOString() },
    });
    expect(line(post, 0)?.title).toBe('Blog post published');
  });

  it('given an event the feed does not show, then no line', () => {
    const history = stream('contact:s2', received, {
      type: 'ContactSubmissionUpdated',
      data: { submissionId: 's1', changes: { status: 'in_progress' } },
    });
    expect(line(history, 1)).toBeUndefined();
    expect(describeActivity('AdminLoggedIn', {})).toBeNull();
  });

  it('given the record deleted later, then no line, whenever the worker reads it', () => {
    const history = stream('contact:s3', received, {
      type: 'ContactSubmissionDeleted',
      data: { submissionId: 's1' },
    });
    expect(line(history, 0)).toBeUndefined();
  });

  it('given a spam verdict, then no line; given it reversed after, then the line again', () => {
    const spam: NewActivityEvent = {
      type: 'SubscriberMarkedSpam',
      data: { subscriberId: 'r1', reason: 'Too fast', automatic: true },
    };
    const joined = subscriberJoined('r1', 'reader@example.ca');
    const flagged = stream('subscriber:r1', joined, spam);
    expect(line(flagged, 0)).toBeUndefined();
    const cleared = stream('subscriber:r2', joined, spam, {
      type: 'SubscriberUnmarkedSpam',
      data: { subscriberId: 'r1' },
    });
    expect(line(cleared, 0)).toMatchObject({
      title: 'New newsletter subscriber: reader@example.ca',
      icon: 'Users',
      color: 'orange',
    });
  });

  it('given a title longer than the feed holds, then cut to 300 characters', () => {
    const long = 'x'.repeat(400);
    const history = stream(
      'job:j2',
      { type: 'JobCreated', data: job(long) },
      {
        type: 'JobPublished',
        data: { jobId: 'j1' },
      },
    );
    expect(line(history, 1)?.title).toBe(`Job published: ${long}`.slice(0, 300));
  });
});

describe('the feed beyond creations: edits, withdrawals, deletions, status changes, spam flags', () => {
  const post = stream(
    'post:p9',
    postCreated('p9', 'Draft title'),
    { type: 'PostUpdated', data: { ...postCreated('p9', 'Better title').data } },
    { type: 'PostUnpublished', data: { postId: 'p9' } },
    { type: 'PostDeleted', data: { postId: 'p9', slug: 'better-title' } },
  );

  it('given a post’s life, then a line for each step, titled by the post as it was then', () => {
    expect(post.map((_, i) => line(post, i)?.title)).toEqual([
      'Blog post created: Draft title',
      'Blog post edited: Better title',
      'Blog post unpublished: Better title',
      'Blog post deleted: Better title',
    ]);
    expect(line(post, 3)).toMatchObject({ color: 'gray', icon: 'FileText' });
  });

  it('given application status changes, then each status with the applicant', () => {
    const applications = stream(
      'job-application:a1',
      applicationSubmitted('a1', 'j1', 'Grace', 'Hopper'),
      {
        type: 'ApplicationStatusChanged',
        data: { applicationId: 'a1', status: 'reviewing', notes: '' },
      },
      {
        type: 'ApplicationStatusChanged',
        data: { applicationId: 'a1', status: 'interview', notes: '' },
      },
      {
        type: 'ApplicationStatusChanged',
        data: { applicationId: 'a1', status: 'hired', notes: '' },
      },
    );
    expect([1, 2, 3].map((i) => line(applications, i)?.title)).toEqual([
      'Application under review: Grace Hopper',
      'Application moved to interview: Grace Hopper',
      'Applicant hired: Grace Hopper',
    ]);
  });

  it('given a spam flag by the administrator, then a line naming no one; by the intake checks, none', () => {
    const flagged = stream('subscriber:r9', subscriberJoined('r9', 'bot@example.ca'), {
      type: 'SubscriberMarkedSpam',
      data: { subscriberId: 'r9', reason: 'Looks automated', automatic: false },
    });
    expect(line(flagged, 1)).toMatchObject({
      title: 'Newsletter subscriber marked as spam',
      actor: 'test',
    });
    expect(line(flagged, 0)).toBeUndefined();
    const automatic = stream('subscriber:r8', subscriberJoined('r8', 'bot@example.ca'), {
      type: 'SubscriberMarkedSpam',
      data: { subscriberId: 'r8', reason: 'Too fast', automatic: true },
    });
    expect(line(automatic, 1)).toBeUndefined();
  });

  it('given a person’s record deleted, then a line that names no one stays', () => {
    const deleted = stream('contact:s9', received, {
      type: 'ContactSubmissionDeleted',
      data: { submissionId: 's1' },
    });
    expect(line(deleted, 1)).toMatchObject({ title: 'Contact submission deleted', icon: 'Mail' });
  });
});

describe('what the 30-day chart counts', () => {
  it('contact submissions, sign-ups (again after unsubscribing too) and page views; nothing else', () => {
    expect(metricOf('ContactReceived')).toBe('contact');
    expect(metricOf('SubscriberJoined')).toBe('signup');
    expect(metricOf('SubscriberResubscribed')).toBe('signup');
    expect(metricOf('PageViewed')).toBe('pageview');
    expect(metricOf('AnalyticsEventRecorded')).toBeNull();
    expect(metricOf('ApplicationSubmitted')).toBeNull();
  });
});
