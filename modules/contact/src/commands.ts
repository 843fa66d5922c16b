import type { Visitor } from '@kw/platform/http';
import type { ContactMessage } from './contract.ts';
import type { ContactEvent, ContactReceived, ContactSubmissionEnriched } from './events.ts';

// Pure decisions: given what happened and what is asked, which events follow.

export function receiveContact(
  submissionId: string,
  message: ContactMessage,
  visitor: Visitor,
): [ContactReceived] {
  return [
    {
      type: 'ContactReceived',
      data: {
        submissionId,
        firstName: message.firstName,
        lastName: message.lastName,
        email: message.email,
        phone: message.phone,
        company: message.company,
        service: message.service,
        message: message.message,
        subscribeNewsletter: message.subscribeNewsletter,
        ipAddress: visitor.ip,
        userAgent: visitor.userAgent,
        referer: visitor.referer,
      },
    },
  ];
}

/** Enrichment happens once per submission, however often the job runs. */
export function enrichContact(
  history: readonly { type: string }[],
  enrichment: ContactSubmissionEnriched['data'],
): ContactEvent[] {
  if (!history.some((event) => event.type === 'ContactReceived')) return [];
  if (history.some((event) => event.type === 'ContactSubmissionEnriched')) return [];
  return [{ type: 'ContactSubmissionEnriched', data: enrichment }];
}
