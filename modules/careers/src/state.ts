import type { StoredEvent } from '@kw/platform';
import type { ApplicationStatus } from './contract.ts';
import type {
  ApplicationEvent,
  ApplicationSubmitted,
  CareersEvent,
  JobCategoryData,
  JobContent,
} from './events.ts';

// Each stream folded into what a decision needs to know.

type Past = readonly Pick<StoredEvent, 'type' | 'data' | 'version'>[];

const asEvent = (e: Pick<StoredEvent, 'type' | 'data'>) =>
  ({ type: e.type, data: e.data }) as CareersEvent;

export interface CategoryState {
  exists: boolean;
  category?: JobCategoryData;
}

export function categoryState(history: Past): CategoryState {
  let state: CategoryState = { exists: false };
  for (const stored of history) {
    const event = asEvent(stored);
    if (event.type === 'JobCategoryCreated' || event.type === 'JobCategoryUpdated')
      state = { exists: true, category: event.data };
    else if (event.type === 'JobCategoryDeleted') state = { exists: false };
  }
  return state;
}

export interface JobState {
  exists: boolean;
  content?: JobContent;
  isPublished: boolean;
  isActive: boolean;
}

export function jobState(history: Past): JobState {
  const state: JobState = { exists: false, isPublished: false, isActive: true };
  for (const stored of history) {
    const event = asEvent(stored);
    switch (event.type) {
      case 'JobCreated':
        state.exists = true;
        state.content = event.data;
        state.isPublished = false;
        state.isActive = true;
        break;
      case 'JobUpdated':
        state.content = event.data;
        break;
      case 'JobPublished':
        state.isPublished = true;
        break;
      case 'JobUnpublished':
        state.isPublished = false;
        break;
      case 'JobActivated':
        state.isActive = true;
        break;
      case 'JobDeactivated':
        state.isActive = false;
        break;
      case 'JobDeleted':
        state.exists = false;
        break;
    }
  }
  return state;
}

export interface ApplicationState {
  exists: boolean;
  submitted?: ApplicationSubmitted['data'];
  status: ApplicationStatus;
  /** Version of the latest ApplicationRejected, while the application stays rejected. */
  rejectionVersion?: number;
  /** Rejections (by version) whose e-mail has gone out. */
  emailedRejections: Set<number>;
  /** The arrival e-mails that have gone out. */
  acknowledged: boolean;
  adminNotified: boolean;
  isSpam: boolean;
  spamReason: string | null;
}

export function applicationState(history: Past): ApplicationState {
  const state: ApplicationState = {
    exists: false,
    status: 'new',
    emailedRejections: new Set(),
    acknowledged: false,
    adminNotified: false,
    isSpam: false,
    spamReason: null,
  };
  for (const stored of history) {
    const event = asEvent(stored) as ApplicationEvent;
    switch (event.type) {
      case 'ApplicationSubmitted':
        state.exists = true;
        state.submitted = event.data;
        state.status = 'new';
        break;
      case 'ApplicationStatusChanged':
        state.status = event.data.status;
        delete state.rejectionVersion;
        break;
      case 'ApplicationRejected':
        state.status = 'rejected';
        state.rejectionVersion = stored.version;
        break;
      case 'RejectionEmailSent':
        state.emailedRejections.add(event.data.rejectionVersion);
        break;
      case 'ApplicationAcknowledged':
        state.acknowledged = true;
        break;
      case 'AdminNotifiedOfApplication':
        state.adminNotified = true;
        break;
      case 'ApplicationMarkedSpam':
        state.isSpam = true;
        state.spamReason = event.data.reason;
        break;
      case 'ApplicationUnmarkedSpam':
        state.isSpam = false;
        state.spamReason = null;
        break;
      case 'ApplicationDeleted':
        state.exists = false;
        break;
    }
  }
  return state;
}
