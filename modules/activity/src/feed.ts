import type { ActivityColor, ActivityIcon } from './contract.ts';
import type { ActivityEvent, ActivityEventType } from './events.ts';

// How each business event reads in the dashboard's feed, and whether its line shows: pure
// decisions over a stream's parsed events.

export interface ActivityLine {
  title: string;
  icon: ActivityIcon;
  color: ActivityColor;
}

/** The events that make a line of the feed. */
export const FEED_EVENTS = [
  'PostCreated',
  'PostUpdated',
  'PostPublished',
  'PostUnpublished',
  'PostDeleted',
  'PostRestored',
  'CaseStudyCreated',
  'CaseStudyUpdated',
  'CaseStudyPublished',
  'CaseStudyUnpublished',
  'CaseStudyDeleted',
  'CaseStudyRestored',
  'ContactReceived',
  'ContactMarkedProcessed',
  'SubscriberJoined',
  'SubscriptionConfirmed',
  'ApplicationSubmitted',
  'ApplicationStatusChanged',
  'ApplicationRejected',
  'JobCreated',
  'JobUpdated',
  'JobPublished',
  'JobUnpublished',
  'JobDeleted',
  'JobRestored',
  'AdminPasswordChanged',
  // Lines that name nobody: they stay when the person's record is deleted or flagged.
  'ContactSubmissionDeleted',
  'SubscriberDeleted',
  'ApplicationDeleted',
  'ContactMarkedSpam',
  'SubscriberMarkedSpam',
  'ApplicationMarkedSpam',
] as const satisfies readonly ActivityEventType[];

/**
 * Lines that name nobody (a deletion of a person's record, a spam flag): the record's later
 * deletion or spam verdict leaves them in the feed.
 */
export const ANONYMOUS_EVENTS = [
  'ContactSubmissionDeleted',
  'SubscriberDeleted',
  'ApplicationDeleted',
  'ContactMarkedSpam',
  'SubscriberMarkedSpam',
  'ApplicationMarkedSpam',
] as const satisfies readonly ActivityEventType[];

/** Deleting a person's record takes their name out of the feed too. */
export const FORGET_EVENTS = [
  'ContactSubmissionDeleted',
  'SubscriberDeleted',
  'ApplicationDeleted',
] as const satisfies readonly ActivityEventType[];

/**
 * A spam verdict takes the submission out of the feed (the administrator need not read it
 * twice); reversing it puts the line back.
 */
export const SPAM_MARKED_EVENTS = [
  'ContactMarkedSpam',
  'SubscriberMarkedSpam',
  'ApplicationMarkedSpam',
] as const satisfies readonly ActivityEventType[];
export const SPAM_UNMARKED_EVENTS = [
  'ContactUnmarkedSpam',
  'SubscriberUnmarkedSpam',
  'ApplicationUnmarkedSpam',
] as const satisfies readonly ActivityEventType[];

/** The events the 30-day chart counts, and under which metric. */
export const METRIC_OF = {
  ContactReceived: 'contact',
  SubscriberJoined: 'signup',
  SubscriberResubscribed: 'signup',
  SubscriptionConfirmed: 'signup',
  PageViewed: 'pageview',
} as const satisfies Partial<Record<ActivityEventType, string>>;
export type Metric = (typeof METRIC_OF)[keyof typeof METRIC_OF];

export const isOneOf = <T extends string>(types: readonly T[], type: string): type is T =>
  (types as readonly string[]).includes(type);

/** Which events count on the 30-day chart. */
export function metricOf(type: ActivityEventType): Metric | null {
  return Object.hasOwn(METRIC_OF, type) ? METRIC_OF[type as keyof typeof METRIC_OF] : null;
}

/**
 * What a stream's events tell about its subject, the latest word winning: the title of a post,
 * a case study or a job; the person (and the job) of a submission or an application. Some feed
 * events carry only ids (JobPublished, ApplicationRejected): the earlier events hold the rest.
 */
export interface Subject {
  title?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  jobTitle?: string;
}

export function learn(subject: Subject, event: ActivityEvent): Subject {
  switch (event.type) {
    case 'PostCreated':
    case 'PostUpdated':
    case 'PostRestored':
    case 'CaseStudyCreated':
    case 'CaseStudyUpdated':
    case 'CaseStudyRestored':
    case 'JobCreated':
    case 'JobUpdated':
    case 'JobRestored':
      return { ...subject, title: event.data.title };
    case 'ContactReceived':
    case 'SubscriberJoined':
    case 'SubscriberResubscribed':
    case 'SubscriptionRequested': {
      const { firstName, lastName, email } = event.data;
      return { ...subject, firstName: firstName ?? '', lastName: lastName ?? '', email };
    }
    case 'ApplicationSubmitted': {
      const { firstName, lastName, email, jobTitle } = event.data;
      return { ...subject, firstName, lastName, email, jobTitle };
    }
    default:
      return subject;
  }
}

const text = (value: string | undefined): string => value?.trim() ?? '';

function personOf(s: Subject): string {
  const name = [text(s.firstName), text(s.lastName)].filter(Boolean).join(' ');
  return name || text(s.email);
}

function titled(prefix: string, value: string): string {
  return value ? `${prefix}: ${value}` : prefix;
}

const CONTENT_LINES = {
  Post: { noun: 'Blog post', icon: 'FileText', color: 'blue' },
  CaseStudy: { noun: 'Case study', icon: 'BookOpen', color: 'purple' },
  Job: { noun: 'Job', icon: 'Briefcase', color: 'blue' },
} as const;
const CONTENT_VERBS = {
  Created: 'created',
  Updated: 'edited',
  Unpublished: 'unpublished',
  Deleted: 'deleted',
  Restored: 'restored',
} as const;

/** A post's, case study's or job's creation, edit, withdrawal, deletion or restore. */
function contentLine(type: string, s: Subject): ActivityLine | null {
  const match = /^(Post|CaseStudy|Job)(Created|Updated|Unpublished|Deleted|Restored)$/.exec(type);
  if (!match) return null;
  const kind = CONTENT_LINES[match[1] as keyof typeof CONTENT_LINES];
  const verb = CONTENT_VERBS[match[2] as keyof typeof CONTENT_VERBS];
  return {
    title: titled(`${kind.noun} ${verb}`, text(s.title)),
    icon: kind.icon,
    color: verb === 'deleted' || verb === 'unpublished' ? 'gray' : kind.color,
  };
}

/** How each status an application moves to reads (rejection has its own line). */
const STATUS_WORDS: Record<string, string> = {
  new: 'Application back to new',
  reviewing: 'Application under review',
  interview: 'Application moved to interview',
  hired: 'Applicant hired',
};

/** The line an event makes in the feed, told what its stream says of its subject; or none. */
export function describeActivity(
  type: ActivityEventType,
  s: Subject,
  event?: ActivityEvent,
): ActivityLine | null {
  const content = contentLine(type, s);
  if (content) return content;
  switch (type) {
    case 'ApplicationStatusChanged': {
      const status = event?.type === 'ApplicationStatusChanged' ? event.data.status : '';
      return {
        title: titled(STATUS_WORDS[status] ?? 'Application status changed', personOf(s)),
        icon: 'Briefcase',
        color: status === 'hired' ? 'green' : 'indigo',
      };
    }
    case 'ContactMarkedProcessed':
      return {
        title: titled('Contact submission processed', personOf(s)),
        icon: 'Mail',
        color: 'gray',
      };
    case 'ContactSubmissionDeleted':
      return { title: 'Contact submission deleted', icon: 'Mail', color: 'gray' };
    case 'SubscriberDeleted':
      return { title: 'Newsletter subscriber deleted', icon: 'Users', color: 'gray' };
    case 'ApplicationDeleted':
      return { title: 'Job application deleted', icon: 'Briefcase', color: 'gray' };
    case 'ContactMarkedSpam':
      return { title: 'Contact submission marked as spam', icon: 'Mail', color: 'orange' };
    case 'SubscriberMarkedSpam':
      return { title: 'Newsletter subscriber marked as spam', icon: 'Users', color: 'orange' };
    case 'ApplicationMarkedSpam':
      return { title: 'Job application marked as spam', icon: 'Briefcase', color: 'orange' };
    case 'PostPublished':
      return {
        title: titled('Blog post published', text(s.title)),
        icon: 'FileText',
        color: 'blue',
      };
    case 'CaseStudyPublished':
      return {
        title: titled('Case study published', text(s.title)),
        icon: 'BookOpen',
        color: 'purple',
      };
    case 'ContactReceived':
      return { title: titled('New contact submission', personOf(s)), icon: 'Mail', color: 'green' };
    case 'SubscriberJoined':
    case 'SubscriptionConfirmed':
      return {
        title: titled('New newsletter subscriber', text(s.email)),
        icon: 'Users',
        color: 'orange',
      };
    case 'ApplicationSubmitted': {
      const job = text(s.jobTitle);
      return {
        title: titled(
          'New job application',
          [personOf(s), job && `for ${job}`].filter(Boolean).join(' '),
        ),
        icon: 'Briefcase',
        color: 'indigo',
      };
    }
    case 'ApplicationRejected':
      return {
        title: titled('Application rejected', personOf(s)),
        icon: 'Briefcase',
        color: 'gray',
      };
    case 'JobPublished':
      return { title: titled('Job published', text(s.title)), icon: 'Briefcase', color: 'blue' };
    case 'AdminPasswordChanged':
      return { title: 'Administrator password changed', icon: 'FileText', color: 'gray' };
    default:
      return null;
  }
}

/** One line of the feed, as the projection stores it. */
export interface FeedLine extends ActivityLine {
  position: number;
  streamId: string;
  type: ActivityEventType;
  occurredAt: Date;
  /** Who did it: the event's `metadata.actor`. */
  actor: string;
}

/** Titles are cut to what the feed's column holds. */
export const TITLE_LENGTH = 300;

/**
 * The feed line of one event, given its whole stream (one read): none when the event makes no
 * line, when the stream was deleted after it, or when its latest spam verdict says spam,
 * whatever the order the worker sees the events in.
 */
export function feedLine(
  event: ActivityEvent,
  stream: readonly ActivityEvent[],
): FeedLine | undefined {
  const subject = [...stream.filter((e) => e.position < event.position), event].reduce(learn, {});
  const line = describeActivity(event.type, subject, event);
  if (!line) return undefined;
  // A flag the intake checks raised: a flood of bots would drown the feed.
  if (isOneOf(SPAM_MARKED_EVENTS, event.type) && 'automatic' in event.data && event.data.automatic)
    return undefined;
  if (!isOneOf(ANONYMOUS_EVENTS, event.type)) {
    if (stream.some((e) => e.position > event.position && isOneOf(FORGET_EVENTS, e.type)))
      return undefined;
    const verdict = stream.findLast(
      (e) => isOneOf(SPAM_MARKED_EVENTS, e.type) || isOneOf(SPAM_UNMARKED_EVENTS, e.type),
    );
    if (verdict && isOneOf(SPAM_MARKED_EVENTS, verdict.type)) return undefined;
  }
  return {
    position: event.position,
    streamId: event.streamId,
    type: event.type,
    title: line.title.slice(0, TITLE_LENGTH),
    icon: line.icon,
    color: line.color,
    occurredAt: event.occurredAt,
    actor: event.metadata?.actor ?? 'system',
  };
}
