import { describe, expect, it } from 'vitest';
import { networkOf, recordHit } from './commands.ts';
import { analyticsEventRequestSchema } from './contract.ts';
import { analyticsEvents } from './events.ts';

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
          ipAddress: '24.114.0.0',
        },
      },
    ]);
  });

  it('keeps the network of the visitor, never the machine', () => {
    expect(networkOf('24.114.7.201')).toBe('24.114.7.0');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0');
    expect(networkOf('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::');
    expect(networkOf('::1')).toBe('0:0:0::');
    expect(networkOf('not an address')).toBe('');
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

  it('records only events its catalogue parses, as they were decided', () => {
    const decided = [
      ...recordHit(hit({ kind: 'page_view', path: '/', utmSource: 'news' }), visitor),
      ...recordHit(hit({ kind: 'event', category: 'a', action: 'b', path: '/' }), visitor),
    ];
    expect(decided.map((e) => e.type)).toEqual(['PageViewed', 'AnalyticsEventRecorded']);
    for (const event of decided)
      expect(analyticsEvents.schemas[event.type].parse(event.data)).toEqual(event.data);
  });
});
