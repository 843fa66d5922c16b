const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * Whether the analytics tracker may report a page: never on a developer's machine (localhost
 * or an IP address), on a preview host containing 'replit', or under /admin (public-site.md
 * §6, §7). Kept free of zod so the browser's first load stays small.
 */
export function isTrackable(hostname: string, pathname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  if (IPV4.test(host) || host.includes(':') || host.startsWith('[')) return false;
  if (host.includes('replit')) return false;
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return false;
  return true;
}
