import { ERASED, foldHistory, type StoredEvent } from '@kw/platform';
import { describe, expect, it } from 'vitest';
import type { ContactEvent } from './events.ts';
import { contactHistory } from './history.ts';

// Given a contact submission's events, then its history: the visitor's message, the worker's
// enrichment, the administrator's edits; and once deleted, no version shows the person.

const received: ContactEvent = {
  type: 'ContactReceived',
  data: {
    submissionId: 's1',
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.ca',
    phone: '',
    company: 'Orchard Co',
    service: 'ai-strategy',
    message: 'Please call me.',
    subscribeNewsletter: false,
    ipAddress: '203.0.113.9',
    userAgent: 'Firefox',
    referer: '',
  },
};

function stream(...events: [ContactEvent, string][]): StoredEvent[] {
  return events.map(([event, actor], i) => ({
    ...event,
    position: i + 1,
    streamId: 'contact:s1',
    streamType: 'contact',
    version: i + 1,
    metadata: { actor },
    occurredAt: new Date(Date.UTC(2026, 10, 20, 9, i)),
  }));
}

const life: [ContactEvent, string][] = [
  [received, 'visitor'],
  [
    {
      type: 'ContactSubmissionEnriched',
      data: {
        submissionId: 's1',
        deviceType: 'desktop',
        browserName: 'Firefox',
        browserVersion: '140',
        os: 'Linux',
        country: 'CA',
        city: 'Kitchener',
      },
    },
    'worker',
  ],
  [
    {
      type: 'ContactSubmissionUpdated',
      data: {
        submissionId: 's1',
        changes: { status: 'in_progress', responseNotes: 'Called back' },
      },
    },
    'admin:admin',
  ],
];

describe('a contact submission’s history', () => {
  it('given a visitor’s message, the worker’s details and an edit, then each with its actor and fields', () => {
    const { entries } = foldHistory(contactHistory, stream(...life));
    expect(entries.map((e) => [e.action, e.actor.kind])).toEqual([
      ['Received', 'visitor'],
      ['Visitor details added', 'worker'],
      ['Edited', 'administrator'],
    ]);
    expect(entries[0]!.changes.find((c) => c.field === 'email')).toMatchObject({
      new: 'ann@example.ca',
    });
    expect(entries[1]!.changes).toEqual([
      { field: 'device', label: 'Device', new: 'desktop, Firefox 140, Linux' },
      { field: 'location', label: 'Location', new: 'Kitchener, CA' },
    ]);
    expect(entries[2]!.changes.map((c) => [c.field, c.old, c.new])).toEqual([
      ['status', 'new', 'in_progress'],
      ['responseNotes', undefined, 'Called back'],
    ]);
  });

  it('given the submission deleted, then no version shows who the person was', () => {
    const folded = foldHistory(
      contactHistory,
      stream(...life, [
        { type: 'ContactSubmissionDeleted', data: { submissionId: 's1' } },
        'admin:admin',
      ]),
    );
    expect(folded.deleted).toBe(true);
    const shown = JSON.stringify(folded.entries);
    for (const personal of [
      'Ann',
      'Lee',
      'ann@example.ca',
      'Orchard Co',
      'Please call me',
      'Kitchener',
    ])
      expect(shown).not.toContain(personal);
    expect(folded.entries[0]!.changes.find((c) => c.field === 'email')).toEqual({
      field: 'email',
      label: 'E-mail',
      new: ERASED,
    });
    // What the administrator did stays.
    expect(folded.entries[2]!.changes.map((c) => c.field)).toEqual(['status', 'responseNotes']);
    expect(folded.entries.at(-1)).toMatchObject({
      action: 'Deleted',
      actor: { kind: 'administrator' },
    });
  });
});
