import { UAParser } from 'ua-parser-js';

// What the worker learns about a visitor from the user agent and IP address; shared by the
// contact and newsletter enrichment. Worker only: it loads geoip-lite on first use.

export type VisitorDeviceType = 'desktop' | 'mobile' | 'tablet' | 'unknown';

export interface VisitorInsight {
  deviceType: VisitorDeviceType;
  browserName: string | null;
  browserVersion: string | null;
  os: string | null;
  country: string | null;
  city: string | null;
}

type GeoLookup = (ip: string) => { country: string; city: string } | null;
let geoLookup: Promise<GeoLookup> | undefined;

/** geoip-lite keeps ~150 MB in memory, so it is loaded on first use, in the worker only. */
function loadGeo(): Promise<GeoLookup> {
  geoLookup ??= import('geoip-lite').then((mod) => {
    const geoip = (mod as unknown as { default?: typeof mod }).default ?? mod;
    return (ip: string) => geoip.lookup(ip);
  });
  return geoLookup;
}

export function deviceTypeOf(userAgent: string): VisitorDeviceType {
  if (!userAgent.trim()) return 'unknown';
  return deviceOfType(new UAParser(userAgent).getDevice().type);
}

function deviceOfType(type: string | undefined): VisitorDeviceType {
  if (type === 'mobile' || type === 'wearable') return 'mobile';
  if (type === 'tablet') return 'tablet';
  return 'desktop';
}

type Browsing = Pick<VisitorInsight, 'deviceType' | 'browserName' | 'browserVersion' | 'os'>;

/**
 * User agents read lately: a flood, and most of a day's visitors, send a handful of them, and
 * reading one costs tens of microseconds of regular expressions. Bounded, oldest out; a long
 * one is read each time rather than kept.
 */
const browsingOf = new Map<string, Browsing>();
const BROWSING_MAX = 500;
const BROWSING_KEPT_LENGTH = 512;

function readBrowsing(userAgent: string): Browsing {
  const known = browsingOf.get(userAgent);
  if (known) return known;
  const parsed = new UAParser(userAgent).getResult();
  const browsing: Browsing = {
    // From the same parse: one per visitor, not two.
    deviceType: userAgent.trim() ? deviceOfType(parsed.device.type) : 'unknown',
    browserName: parsed.browser.name ?? null,
    browserVersion: parsed.browser.version ?? null,
    os: [parsed.os.name, parsed.os.version].filter(Boolean).join(' ') || null,
  };
  if (userAgent.length <= BROWSING_KEPT_LENGTH) {
    browsingOf.set(userAgent, browsing);
    if (browsingOf.size > BROWSING_MAX) browsingOf.delete(browsingOf.keys().next().value!);
  }
  return browsing;
}

export async function describeVisitor(userAgent: string, ip: string): Promise<VisitorInsight> {
  const geo = ip ? (await loadGeo())(ip.replace(/^::ffff:/, '')) : null;
  return {
    ...readBrowsing(userAgent),
    country: geo?.country || null,
    city: geo?.city || null,
  };
}
