import type { ContactEvent } from '@kw/contact';
import { contactStream } from '@kw/contact';
import type { DemoStream } from './types.ts';

const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Two enquiries, so the back office has something to show on a fresh start. */
export function demoContactStreams(): DemoStream[] {
  const demo = [
    {
      id: '6f1d2a7e-3b8c-4f0e-9a51-1c2d3e4f5a01',
      firstName: 'Priya',
      lastName: 'Raman',
      email: 'priya.raman@example.com',
      company: 'Raman Precision Machining',
      service: 'ai-solutions',
      message: 'We quote about forty custom parts a week by hand. Could AI help us quote faster?',
      userAgent: DESKTOP_UA,
      deviceType: 'desktop' as const,
      browserName: 'Chrome',
      os: 'Windows 10',
    },
    {
      id: '6f1d2a7e-3b8c-4f0e-9a51-1c2d3e4f5a02',
      firstName: 'Marc',
      lastName: 'Tremblay',
      email: 'marc@example.org',
      company: 'Tremblay Family Dental',
      service: 'integration',
      message:
        'Our booking system and our accounting software do not talk to each other. Can you connect them?',
      userAgent: PHONE_UA,
      deviceType: 'mobile' as const,
      browserName: 'Mobile Safari',
      os: 'iOS 18.1',
    },
  ];
  return demo.map((d) => ({
    streamId: contactStream(d.id),
    events: [
      {
        type: 'ContactReceived' as const,
        data: {
          submissionId: d.id,
          firstName: d.firstName,
          lastName: d.lastName,
          email: d.email,
          phone: '',
          company: d.company,
          service: d.service,
          message: d.message,
          subscribeNewsletter: false,
          ipAddress: '',
          userAgent: d.userAgent,
          referer: '',
        },
      },
      {
        type: 'ContactSubmissionEnriched' as const,
        data: {
          submissionId: d.id,
          deviceType: d.deviceType,
          browserName: d.browserName,
          browserVersion: null,
          os: d.os,
          country: 'CA',
          city: 'Kitchener',
        },
      },
    ] satisfies ContactEvent[],
  }));
}
