/** The few settings the browser needs from the server's configuration. */
export interface PublicSiteConfig {
  /** Script of the founder's floating AI avatar widget. */
  avatarWidgetUrl?: string | undefined;
  /** Optional third-party analytics id (Google Analytics 4). */
  analyticsTrackerId?: string | undefined;
}

const ELEMENT_ID = '__SITE__';

/** Written into the page's head by the server renderer. */
export function siteConfigTag(config: PublicSiteConfig): string {
  return `<script type="application/json" id="${ELEMENT_ID}">${JSON.stringify(config).replace(/</g, '\\u003c')}</script>`;
}

let cached: PublicSiteConfig | undefined;

export function readSiteConfig(): PublicSiteConfig {
  if (typeof document === 'undefined') return {};
  if (cached) return cached;
  try {
    cached = JSON.parse(
      document.getElementById(ELEMENT_ID)?.textContent || '{}',
    ) as PublicSiteConfig;
  } catch {
    cached = {};
  }
  return cached;
}
