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

export async function describeVisitor(userAgent: string, ip: string): Promise<VisitorInsight> {
  const parsed = new UAParser(userAgent).getResult();
  const geo = ip ? (await loadGeo())(ip.replace(/^::ffff:/, '')) : null;
  return {
    // From the same parse: one per visitor, not two.
    deviceType: userAgent.trim() ? deviceOfType(parsed.device.type) : 'unknown',
    browserName: parsed.browser.name ?? null,
    browserVersion: parsed.browser.version ?? null,
    os: [parsed.os.name, parsed.os.version].filter(Boolean).join(' ') || null,
    country: geo?.country || null,
    city: geo?.city || null,
  };
}
