import { company } from '@kw/site';
import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { Link, NavLink, Outlet, useLocation, useMatches } from 'react-router';
import { type RouteHandle, resolveSeo } from '../route-handle.ts';
import { fullTitle, type Seo } from '../seo.ts';
import type { RootState } from '../store.ts';
import { Toaster } from './components/Toaster.tsx';

const NAV = [
  { to: '/services', label: 'Services' },
  { to: '/about', label: 'About' },
  { to: '/case-studies', label: 'Case Studies' },
  { to: '/blog', label: 'Blog' },
  { to: '/careers', label: 'Careers' },
  { to: '/contact', label: 'Contact' },
];

/** Keeps the title and description right after client-side navigation. */
function DocumentHead() {
  const matches = useMatches();
  const apiState = useSelector((s: RootState) => s.api);
  const match = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.seo);
  // A data page's SEO is a function of the prefetched state.
  const seo: Seo | undefined = match
    ? resolveSeo(match.handle as RouteHandle, { state: { api: apiState }, params: match.params })
    : undefined;
  const title = seo ? fullTitle(seo) : undefined;
  const description = seo?.description;
  useEffect(() => {
    if (title === undefined) return;
    document.title = title;
    if (description !== undefined)
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return null;
}

function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each route change by design
  useEffect(() => {
    const behavior = window.matchMedia('(prefers-reduced-motion: reduce)').matches
      ? 'auto'
      : 'smooth';
    window.scrollTo({ top: 0, behavior });
    const again = setTimeout(() => window.scrollTo({ top: 0, behavior }), 100);
    return () => clearTimeout(again);
  }, [pathname]);
  return null;
}

export function PublicLayout() {
  return (
    <Toaster>
      <DocumentHead />
      <ScrollToTop />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container header-inner">
          <Link to="/" className="logo">
            {company.name}
          </Link>
          <nav aria-label="Main">
            <ul className="nav-list">
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to}>{item.label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Link to="/contact" className="button button-primary">
            Get Started
          </Link>
        </div>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container">
          <p>
            © 2024 {company.fullName}. {company.city}, {company.province}.
          </p>
        </div>
      </footer>
    </Toaster>
  );
}
