import './admin.css';
import { App as AntApp, Button, ConfigProvider, Layout, Menu, Result } from 'antd';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useDispatch } from 'react-redux';
import { Link, Route, Routes, useLocation, useNavigate } from 'react-router';
import {
  api,
  SESSION_EXPIRED_EVENT,
  type SessionExpiredDetail,
  storedToken,
  storeToken,
} from '../../api/api.ts';
import { Dashboard } from '../../features/activity/admin/Dashboard.tsx';
import { auditSection } from '../../features/activity/admin/sections.tsx';
import { LoginPage } from '../../features/auth/admin/LoginPage.tsx';
import { settingsSection } from '../../features/auth/admin/sections.tsx';
import { useLogoutMutation, useVerifySessionQuery } from '../../features/auth/api.ts';
import { blogImportSection, blogManagerSection } from '../../features/blog/admin/sections.tsx';
import { careersSections } from '../../features/careers/admin/sections.tsx';
import {
  caseStudyImportSection,
  caseStudyManagerSection,
} from '../../features/case-studies/admin/sections.tsx';
import { contactSection } from '../../features/contact/admin/sections.tsx';
import { mediaSection } from '../../features/media/admin/sections.tsx';
import { newsletterSection } from '../../features/newsletter/admin/sections.tsx';
import { privacySection } from '../../features/privacy/admin/sections.tsx';
import { markSessionExpired, rememberReturn, takeReturn } from './drafts.ts';
import { useFocusStaysInItsRow } from './focusInRow.ts';
import type { AdminSection } from './sections.ts';

/** Each feature's screens, in the side menu's order. */
const SECTIONS: AdminSection[] = [
  blogManagerSection,
  caseStudyManagerSection,
  mediaSection,
  blogImportSection,
  caseStudyImportSection,
  ...careersSections,
  newsletterSection,
  contactSection,
  auditSection,
  privacySection,
  settingsSection,
];

const MENU = [
  { key: '/admin', label: <Link to="/admin">Dashboard</Link> },
  ...SECTIONS.filter((s) => s.menu !== false).map((s) => ({
    key: `/admin/${s.path}`,
    label: <Link to={`/admin/${s.path}`}>{s.label}</Link>,
  })),
];

/** Each screen's tab title: 'Blog Manager · Admin' (the section's menu label). */
function screenTitle(pathname: string): string {
  const path = pathname.replace(/^\/admin\/?/, '').replace(/\/$/, '');
  if (path === '') return 'Dashboard · Admin';
  const section = SECTIONS.find((s) => s.path === path);
  return `${section?.title ?? section?.label ?? 'Page Not Found'} · Admin`;
}

function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

function AdminShell({ onLogout }: { onLogout(): void }) {
  const { pathname } = useLocation();
  useDocumentTitle(screenTitle(pathname));
  useFocusStaysInItsRow();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{ display: 'flex', alignItems: 'center', gap: 16, background: '#0f3d3e' }}
      >
        <span style={{ color: '#fff', fontWeight: 700, marginRight: 'auto' }}>Admin</span>
        <a href="/" style={{ color: '#fff' }}>
          View Site
        </a>
        <Button onClick={onLogout}>Logout</Button>
      </Layout.Header>
      <Layout>
        <Layout.Sider
          breakpoint="lg"
          collapsedWidth={0}
          theme="light"
          width={220}
          style={{ background: '#fff', borderRight: '1px solid #e5e9eb' }}
        >
          <Menu
            mode="inline"
            selectedKeys={[pathname.replace(/\/$/, '') || '/admin']}
            items={MENU}
            aria-label="Admin"
            style={{ borderInlineEnd: 'none' }}
          />
        </Layout.Sider>
        {/* antd's Content is the page's one <main>. */}
        <Layout.Content style={{ padding: 24 }}>
          <Routes>
            <Route index element={<Dashboard />} />
            {SECTIONS.map((s) => (
              <Route key={s.path} path={s.path} element={s.element} />
            ))}
            <Route
              path="*"
              element={
                <Result
                  status="404"
                  title="Page Not Found"
                  extra={<Link to="/admin">Back to Dashboard</Link>}
                />
              }
            />
          </Routes>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

function Session() {
  const [token, setToken] = useState<string | null>(() => storedToken());
  const navigate = useNavigate();
  const location = useLocation();
  const { notification } = AntApp.useApp();
  const dispatch = useDispatch();
  const [logout] = useLogoutMutation();
  const verify = useVerifySessionQuery(token ?? '', { skip: !token });
  const here = useRef('');
  here.current = `${location.pathname}${location.search}${location.hash}`;
  // Back to /admin once the screens (and their leave-page questions) are gone.
  const [toLogin, setToLogin] = useState(false);

  useEffect(() => {
    const ended = (event: Event) => {
      const detail = (event as CustomEvent<SessionExpiredDetail | undefined>).detail;
      if (detail?.expired) {
        markSessionExpired(true);
        notification.error({
          key: 'session-expired',
          title: 'Authentication expired',
          description:
            'Please sign in again: you will come back to this screen, with your unsaved work.',
        });
        if (here.current.startsWith('/admin/')) rememberReturn(here.current);
        setToLogin(true);
      }
      setToken(null);
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, ended);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, ended);
  }, [notification]);

  useEffect(() => {
    if (!toLogin || token) return;
    setToLogin(false);
    if (here.current !== '/admin') navigate('/admin', { replace: true });
  }, [toLogin, token, navigate]);

  const onLoggedIn = useCallback(
    (value: string) => {
      // A new session starts from nothing cached: what was fetched after the last one ended
      // went out without a token (the public answers: no drafts).
      dispatch(api.util.resetApiState());
      markSessionExpired(false);
      storeToken(value);
      setToken(value);
      const back = takeReturn();
      if (back) navigate(back, { replace: true });
    },
    [navigate, dispatch],
  );

  const onLogout = useCallback(async () => {
    // The server ends the session first, while the request still carries its token.
    await logout().catch(() => {});
    storeToken(null);
    setToken(null);
    navigate('/');
  }, [logout, navigate]);

  if (!token || verify.isError) return <LoginScreen onLoggedIn={onLoggedIn} />;
  if (verify.isLoading || verify.isFetching || !verify.data) {
    return (
      <div role="status" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        Loading...
      </div>
    );
  }
  return <AdminShell onLogout={onLogout} />;
}

function LoginScreen(props: { onLoggedIn(token: string): void }) {
  useDocumentTitle('Login · Admin');
  return <LoginPage {...props} />;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The system's "reduce motion" setting, followed as it changes (the public site's CSS does too). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/** The back office: lazily loaded, so antd never reaches a visitor's page. */
export function AdminApp() {
  // Dialogs, drawers and notices appear without their zoom and slide when motion is reduced.
  const motion = !usePrefersReducedMotion();
  return (
    <ConfigProvider
      theme={{
        token: { colorPrimary: '#0f3d3e', borderRadius: 8, motion },
        components: {
          // The selected item readable at a glance: white on the brand colour (≥ 4.5:1).
          Menu: {
            itemSelectedBg: '#0f3d3e',
            itemSelectedColor: '#ffffff',
            itemHoverBg: '#e6f0f0',
            itemColor: '#1f2d2e',
          },
          Layout: { siderBg: '#ffffff', bodyBg: '#f3f6f7' },
        },
      }}
      // A refused save takes the keyboard to the first field in error, as the public forms do
      // (its message is tied to it), not leave it on the button.
      form={{ scrollToFirstError: { focus: true, block: 'center' } }}
    >
      {/* Notices open in the bottom corner: the header (Logout) and each page's own actions and
          filters, at its top, stay in reach while one shows. */}
      <AntApp notification={{ placement: 'bottomRight' }}>
        <Session />
      </AntApp>
    </ConfigProvider>
  );
}
