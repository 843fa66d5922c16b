import { describe, expect, it } from 'vitest';
import {
  contactState,
  deleteContact,
  enrichContact,
  notifyAdmin,
  receiveContact,
  shouldNotifyAdmin,
  updateContact,
} from './commands.ts';
import { contactMessageSchema, contactRequestSchema } from './contract.ts';
import type { ContactEvent } from './events.ts';

const visitor = { ip: '203.0.113.9', userAgent: 'UA', referer: 'https://www.example.ca/contact' };
const message = contactMessageSchema.parse({
  firstName: ' Ann ',
  lastName: 'Lee',
  email: 'ann@example.ca',
  message: 'We would like to automate our invoicing.',
});
const insight = {
  submissionId: 's1',
  deviceType: 'mobile' as const,
  browserName: 'Safari',
  browserVersion: '18',
  os: 'iOS 18',
  country: 'CA',
  city: 'Waterloo',
};

describe('receiveContact', () => {
  it('when a message is received, then ContactReceived carries it with the visitor details', () => {
    const [event] = receiveContact('s1', message, visitor);
    expect(event.type).toBe('ContactReceived');
    expect(event.data).toMatchObject({
      submissionId: 's1',
      firstName: 'Ann',
      service: '',
      subscribeNewsletter: false,
      ipAddress: '203.0.113.9',
      userAgent: 'UA',
      referer: 'https://www.example.ca/contact',
    });
  });
});

describe('enrichContact', () => {
  const received = receiveContact('s1', message, visitor);
  it('given a received submission, when enriched, then ContactSubmissionEnriched follows', () => {
    expect(enrichContact(contactState(received), insight)).toEqual([
      { type: 'ContactSubmissionEnriched', data: insight },
    ]);
  });
  it('given an enriched submission, when the job runs again, then nothing more happens', () => {
    const enriched = [...received, ...enrichContact(contactState(received), insight)];
    expect(enrichContact(contactState(enriched), insight)).toEqual([]);
  });
  it('given no submission, nothing happens', () => {
    expect(enrichContact(contactState([]), insight)).toEqual([]);
  });
});

describe('the contact contract (spec §5)', () => {
  const errorsOf = (input: unknown) =>
    contactRequestSchema
      .safeParse(input)
      .error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: '   ' }, 'lastName', 'Last name is required'],
    [{ email: 'ann@' }, 'email', 'Invalid email address'],
    [{ message: 'too short' }, 'message', 'Message must be at least 10 characters'],
    [{ website: 'http://spam.example' }, 'website', 'Invalid submission'],
    [{ service: 'astrology' }, 'service', expect.any(String)],
  ])('%o gives %s: %s', (change, path, text) => {
    const input = {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.ca',
      message: 'Ten chars at least',
      ...change,
    };
    expect(errorsOf(input)).toEqual([{ path, message: text }]);
  });

  it('accepts the optional fields empty, and every service option', () => {
    for (const service of [
      '',
      'ai-solutions',
      'custom-software',
      'integration',
      'business-analysis',
      'efficiency-edge',
      'poc',
      'other',
    ]) {
      expect(
        contactRequestSchema.safeParse({
          firstName: 'A',
          lastName: 'B',
          email: 'a@b.ca',
          message: '0123456789',
          phone: '',
          company: '',
          service,
        }).success,
      ).toBe(true);
    }
  });
});

describe('updateContact (admin.md §4)', () => {
  const received = receiveContact('s1', message, visitor);
  const now = new Date('2026-11-22T15:00:00Z');

  it('given a new submission, when status becomes responded, then respondedAt is stamped now', () => {
    expect(updateContact('s1', contactState(received), { status: 'responded' }, now)).toEqual([
      {
        type: 'ContactSubmissionUpdated',
        data: {
          submissionId: 's1',
          changes: { status: 'responded', respondedAt: now.toISOString() },
        },
      },
    ]);
  });

  it('when marked processed, then ContactMarkedProcessed (processed, responded, time)', () => {
    expect(
      updateContact('s1', contactState(received), { processed: true, status: 'responded' }, now),
    ).toEqual([
      {
        type: 'ContactMarkedProcessed',
        data: { submissionId: 's1', respondedAt: now.toISOString() },
      },
    ]);
  });

  it('when marked spam without a reason, then the reason is "Marked as spam"', () => {
    expect(updateContact('s1', contactState(received), { isSpam: true }, now)).toEqual([
      {
        type: 'ContactMarkedSpam',
        data: { submissionId: 's1', reason: 'Marked as spam', automatic: false },
      },
    ]);
  });

  it('fields that do not change produce no event', () => {
    expect(
      updateContact(
        's1',
        contactState(received),
        { status: 'new', priority: 'medium', isSpam: false },
        now,
      ),
    ).toEqual([]);
  });

  it('given a deleted submission, then any change is refused as not found', () => {
    const history = [...received, ...deleteContact('s1', contactState(received))];
    expect(() => updateContact('s1', contactState(history), { status: 'closed' }, now)).toThrow(
      'Contact submission not found',
    );
  });

  it('the administrator is notified of a real submission once, never of spam', () => {
    expect(shouldNotifyAdmin(contactState(received), 'owner@example.ca')).toBe(true);
    expect(shouldNotifyAdmin(contactState(received), undefined)).toBe(false);
    const spam = receiveContact('s2', message, visitor, {
      isSpam: true,
      reason: 'Message is full of links',
    });
    expect(spam.map((e) => e.type)).toEqual(['ContactReceived', 'ContactMarkedSpam']);
    expect(shouldNotifyAdmin(contactState(spam), 'owner@example.ca')).toBe(false);
    const notified: ContactEvent[] = [
      ...received,
      { type: 'AdminNotifiedOfContact', data: { submissionId: 's1', to: 'owner@example.ca' } },
    ];
    expect(shouldNotifyAdmin(contactState(notified), 'owner@example.ca')).toBe(false);
  });

  it('when the administrator is owed a notification, then AdminNotifiedOfContact records to whom; once sent, nothing more', () => {
    const recorded = notifyAdmin('s1', contactState(received), 'owner@example.ca');
    expect(recorded).toEqual([
      { type: 'AdminNotifiedOfContact', data: { submissionId: 's1', to: 'owner@example.ca' } },
    ]);
    expect(notifyAdmin('s1', contactState([...received, ...recorded]), 'owner@example.ca')).toEqual(
      [],
    );
    expect(notifyAdmin('s1', contactState(received), undefined)).toEqual([]);
    const deleted = [...received, ...deleteContact('s1', contactState(received))];
    expect(notifyAdmin('s1', contactState(deleted), 'owner@example.ca')).toEqual([]);
  });
});
