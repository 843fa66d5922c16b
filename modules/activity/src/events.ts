import { analyticsEvents } from '@kw/analytics/events';
import { authEvents } from '@kw/auth/events';
import { blogEvents } from '@kw/blog/events';
import { careersEvents } from '@kw/careers/events';
import { caseStudiesEvents } from '@kw/case-studies/events';
import { contactEvents } from '@kw/contact/events';
import { newsletterEvents } from '@kw/newsletter/events';
import { combineEvents, type EventOf, type StoredEventOf } from '@kw/platform';

// Activity has no events of its own: it reads those of the modules whose facts the dashboard
// shows, from their exported catalogues, and parses each where it reads it.

export const activityEvents = combineEvents(
  blogEvents,
  caseStudiesEvents,
  careersEvents,
  contactEvents,
  newsletterEvents,
  authEvents,
  analyticsEvents,
);

type Schemas = typeof activityEvents.schemas;
/** One of those events, parsed from the log. */
export type ActivityEvent = StoredEventOf<Schemas>;
export type ActivityEventType = ActivityEvent['type'];
/** A new one (for specs that append them). */
export type NewActivityEvent = EventOf<Schemas>;
