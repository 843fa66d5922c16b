import { describe, expect, it } from 'vitest';
import { recordHit } from './commands.ts';
import { analyticsEventRequestSchema } from './contract.ts';

const visitor = { ip: '24.114.0.1', userAgent: 'UA', referer: '' };
const hit = (value: unknown) => analyticsEventRequestSchema.parse(value);

describe('recording a tracker hit', () => {
  it('given a page view, records PageViewed with the visitor and empty UTM defaults', () => {
    expect(recordHit(hit({ kind: 'page_view', path: '/about' }), visitor)).toEqual([
      {
        type: 'PageViewed',
        data: {
          path: '/about',
          referrer: '',
          utmSource: '',
          utmMedium: '',
          utmCampaign: '',
          userAgent: 'UA',
          ipAddress: '24.114.0.1',
        },
      },
    ]);
  });

  it('given a named event, records AnalyticsEventRecorded with its value', () => {
    const events = recordHit(
      hit({
        kind: 'event',
        category: 'error',
        action: 'contact_form_error',
        value: 1,
        path: '/contact',
      }),
      visitor,
    );
    expect(events).toEqual([
      {
        type: 'AnalyticsEventRecorded',
        data: {
          category: 'error',
          action: 'contact_form_error',
          label: '',
          value: 1,
          path: '/contact',
        },
      },
    ]);
  });

  it('given an /admin path, records nothing', () => {
    expect(recordHit(hit({ kind: 'page_view', path: '/admin' }), visitor)).toEqual([]);
    expect(
      recordHit(hit({ kind: 'event', category: 'x', action: 'y', path: '/admin/jobs' }), visitor),
    ).toEqual([]);
  });
});
