import type { ActivityColor, ActivityIcon } from './contract.ts';

// How each business event reads in the dashboard's feed. Other modules' events are known by
// their type name only, so their data is read defensively.

export interface ActivityLine {
  title: string;
  icon: ActivityIcon;
  color: ActivityColor;
}

type Data = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function personOf(d: Data): string {
  const name = [text(d.firstName), text(d.lastName)].filter(Boolean).join(' ');
  return name || text(d.applicantName) || text(d.name) || text(d.email);
}

function titled(prefix: string, value: string): string {
  return value ? `${prefix}: ${value}` : prefix;
}

export const FEED_EVENTS = [
  'PostPublished',
  'CaseStudyPublished',
  'ContactReceived',
  'SubscriberJoined',
  'ApplicationSubmitted',
  'ApplicationRejected',
  'JobPublished',
  'AdminPasswordChanged',
] as const;

export function describeActivity(type: string, data: unknown): ActivityLine | null {
  const d = (data && typeof data === 'object' ? data : {}) as Data;
  switch (type) {
    case 'PostPublished':
      return {
        title: titled('Blog post published', text(d.title)),
        icon: 'FileText',
        color: 'blue',
      };
    case 'CaseStudyPublished':
      return {
        title: titled('Case study published', text(d.title)),
        icon: 'BookOpen',
        color: 'purple',
      };
    case 'ContactReceived':
      return {
        title: titled('New contact submission', personOf(d)),
        icon: 'Mail',
        color: 'green',
      };
    case 'SubscriberJoined':
      return {
        title: titled('New newsletter subscriber', text(d.email)),
        icon: 'Users',
        color: 'orange',
      };
    case 'ApplicationSubmitted': {
      const job = text(d.jobTitle);
      const who = personOf(d);
      return {
        title: titled('New job application', [who, job && `for ${job}`].filter(Boolean).join(' ')),
        icon: 'Briefcase',
        color: 'indigo',
      };
    }
    case 'ApplicationRejected':
      return {
        title: titled('Application rejected', personOf(d)),
        icon: 'Briefcase',
        color: 'gray',
      };
    case 'JobPublished':
      return { title: titled('Job published', text(d.title)), icon: 'Briefcase', color: 'blue' };
    case 'AdminPasswordChanged':
      return { title: 'Administrator password changed', icon: 'FileText', color: 'gray' };
    default:
      return null;
  }
}

/** Which events count on the 30-day chart. */
export function metricOf(type: string): 'contact' | 'signup' | 'pageview' | null {
  if (type === 'ContactReceived') return 'contact';
  if (type === 'SubscriberJoined' || type === 'SubscriberResubscribed') return 'signup';
  if (type === 'PageViewed') return 'pageview';
  return null;
}

/** Deleting a person's record takes their name out of the feed too. */
export const FORGET_EVENTS = [
  'ContactSubmissionDeleted',
  'SubscriberDeleted',
  'ApplicationDeleted',
] as const;

/**
 * A spam verdict takes the submission out of the feed (the administrator need not read it
 * twice); reversing it puts the line back.
 */
export const SPAM_MARKED_EVENTS = [
  'ContactMarkedSpam',
  'SubscriberMarkedSpam',
  'ApplicationMarkedSpam',
] as const;
export const SPAM_UNMARKED_EVENTS = [
  'ContactUnmarkedSpam',
  'SubscriberUnmarkedSpam',
  'ApplicationUnmarkedSpam',
] as const;
