/** A visitor opened a public page. The dashboard counts these. */
export interface PageViewed {
  type: 'PageViewed';
  data: {
    path: string;
    referrer: string;
    utmSource: string;
    utmMedium: string;
    utmCampaign: string;
    userAgent: string;
    ipAddress: string;
  };
}

/** A named interaction: a contact form sent, a service of interest, a form error. */
export interface AnalyticsEventRecorded {
  type: 'AnalyticsEventRecorded';
  data: {
    category: string;
    action: string;
    label: string;
    value: number | null;
    path: string;
  };
}

export type AnalyticsEvent = PageViewed | AnalyticsEventRecorded;

/** One short stream per recorded hit: appends never contend with each other. */
export const analyticsStream = (id: string): string => `analytics:${id}`;
