import { isTrackable } from '@kw/site';
import { readSiteConfig } from '../../../shared/public/site-config.ts';

// The browser side of the first-party, cookieless analytics (public-site.md §6, §7), and the
// optional third-party tracker when an id is configured.

export interface TrackedEvent {
  category: string;
  action: string;
  label?: string;
  value?: number;
}

export const ANALYTICS_EVENTS = {
  contactSubmit: { category: 'engagement', action: 'contact_form_submit' },
  serviceInterest: { category: 'engagement', action: 'service_interest' },
  contactError: { category: 'error', action: 'contact_form_error' },
  newsletterError: { category: 'error', action: 'newsletter_signup_error' },
} as const;

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

function allowed(): boolean {
  return (
    typeof window !== 'undefined' && isTrackable(window.location.hostname, window.location.pathname)
  );
}

function send(body: object): void {
  // Raw keepalive fetch on purpose: a beacon sent from every public page must not load RTK Query.
  fetch('/api/analytics/events', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => {
    // Analytics never gets in a visitor's way.
  });
}

let thirdPartyLoaded = false;
function thirdParty(): Gtag | undefined {
  const id = readSiteConfig().analyticsTrackerId;
  if (!id) return undefined;
  if (!thirdPartyLoaded) {
    thirdPartyLoaded = true;
    window.dataLayer = window.dataLayer ?? [];
    window.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag reads the arguments object
      window.dataLayer!.push(arguments);
    };
    window.gtag('js', new Date());
    window.gtag('config', id, { send_page_view: false, anonymize_ip: true });
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
    document.head.appendChild(script);
  }
  return window.gtag;
}

export function trackPageView(): void {
  if (!allowed()) return;
  const params = new URLSearchParams(window.location.search);
  send({
    kind: 'page_view',
    path: window.location.pathname,
    referrer: document.referrer.slice(0, 2048),
    utmSource: params.get('utm_source')?.slice(0, 200) ?? '',
    utmMedium: params.get('utm_medium')?.slice(0, 200) ?? '',
    utmCampaign: params.get('utm_campaign')?.slice(0, 200) ?? '',
  });
  thirdParty()?.('event', 'page_view', { page_path: window.location.pathname });
}

export function trackEvent(event: TrackedEvent): void {
  if (!allowed()) return;
  send({ kind: 'event', ...event, path: window.location.pathname });
  thirdParty()?.('event', event.action, {
    event_category: event.category,
    event_label: event.label,
    value: event.value,
  });
}

/** The campaign parameters of the current address, for forms that record them. */
export function utmParameters(): { utmSource?: string; utmMedium?: string; utmCampaign?: string } {
  if (typeof window === 'undefined') return {};
  const params = new URLSearchParams(window.location.search);
  const pick = (key: string) => params.get(key)?.slice(0, 200) || undefined;
  const out: { utmSource?: string; utmMedium?: string; utmCampaign?: string } = {};
  const source = pick('utm_source');
  const medium = pick('utm_medium');
  const campaign = pick('utm_campaign');
  if (source) out.utmSource = source;
  if (medium) out.utmMedium = medium;
  if (campaign) out.utmCampaign = campaign;
  return out;
}
