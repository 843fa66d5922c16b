import { company } from '@kw/site';
import { useCallback, useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { trackPageView } from '../../features/analytics/public/analytics.ts';
import { type RouteHandle, resolveSeo } from '../../route-handle.ts';
import { fullTitle } from '../../seo.ts';
import type { RootState } from '../../store.ts';
import { Footer } from './Footer.tsx';
import { MenuIcon } from './Icons.tsx';
import { MobileDrawer } from './MobileDrawer.tsx';
import { Toaster } from './Toaster.tsx';

const NAV = [
  { to: '/services', label: 'Services' },
  { to: '/about', label: 'About' },
  { to: '/case-studies', label: 'Case Studies' },
  { to: '/blog', label: 'Blog', alsoActiveOn: '/blogs' },
  { to: '/careers', label: 'Careers' },
  { to: '/contact', label: 'Contact' },
];

/** /blog is highlighted on /blogs too (the second reading of the blog's address). */
export function isNavActive(
  item: { to: string; alsoActiveOn?: string },
  pathname: string,
): boolean {
  const under = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  return under(item.to) || (item.alsoActiveOn !== undefined && under(item.alsoActiveOn));
}

/**
 * Keeps the title, description and canonical link right after client-side navigation; a page
 * whose SEO follows its data (a blog post) updates when the data arrives.
 */
function DocumentHead() {
  const matches = useMatches();
  const match = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.seo);
  const pick = (state: RootState) =>
    match ? resolveSeo(match.handle as RouteHandle, { state, params: match.params }) : undefined;
  const title = useSelector((state: RootState) => {
    const seo = pick(state);
    return seo ? fullTitle(seo) : undefined;
  });
  const description = useSelector((state: RootState) => pick(state)?.description);
  const path = useSelector((state: RootState) => pick(state)?.path);
  useEffect(() => {
    if (title) document.title = title;
    if (description)
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    const canonical = document.querySelector('link[rel="canonical"]');
    if (canonical && path !== undefined)
      canonical.setAttribute(
        'href',
        new URL(path, canonical.getAttribute('href') ?? undefined).href,
      );
  }, [title, description, path]);
  return null;
}

/**
 * The address the document was loaded at (none on the server). Its page is left where the
 * browser put it: at the section the address names (`/about#founder`), where a reload was, or
 * where the visitor scrolled while the script loaded. Scrolling it to the top as it came alive
 * took the visitor away from what they were reading, or moved a button from under their finger.
 */
let placedByBrowser: string | undefined =
  typeof window === 'undefined' ? undefined : window.location.pathname;

/** Every route change starts the new page at its top, at once and again 100 ms later. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === placedByBrowser) return;
    placedByBrowser = undefined;
    const behavior = window.matchMedia('(prefers-reduced-motion: reduce)').matches
      ? 'auto'
      : 'smooth';
    window.scrollTo({ top: 0, behavior });
    const again = setTimeout(() => window.scrollTo({ top: 0, behavior }), 100);
    return () => clearTimeout(again);
  }, [pathname]);
  return null;
}

/** A page view on the first load and on every route change (never from localhost or /admin). */
function PageViews() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one page view per path
  useEffect(() => {
    trackPageView();
  }, [pathname]);
  return null;
}

function NavLinks({ pathname, onNavigate }: { pathname: string; onNavigate?: () => void }) {
  return (
    <ul className="nav-list">
      {NAV.map((item) => {
        const active = isNavActive(item, pathname);
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              className={active ? 'active' : undefined}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function PublicLayout() {
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a route change closes the drawer
  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <Toaster>
      <DocumentHead />
      <ScrollToTop />
      <PageViews />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container header-inner">
          <Link to="/" className="logo">
            <span className="logo-mark" aria-hidden="true">
              GR
            </span>
            {company.name}
            <span className="visually-hidden">, home</span>
          </Link>
          <nav aria-label="Main" className="nav-desktop">
            <NavLinks pathname={pathname} />
          </nav>
          <Link to="/contact" className="button button-primary header-cta">
            Get Started
          </Link>
          <button
            type="button"
            className="icon-button menu-button"
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            aria-controls="mobile-menu"
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon size={24} />
          </button>
        </div>
      </header>
      <MobileDrawer id="mobile-menu" open={drawerOpen} onClose={closeDrawer}>
        <nav aria-label="Mobile">
          <NavLinks pathname={pathname} onNavigate={closeDrawer} />
        </nav>
        <Link to="/contact" className="button button-primary drawer-cta" onClick={closeDrawer}>
          Get Started
        </Link>
      </MobileDrawer>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </Toaster>
  );
}
