import './admin.css';
import { App as AntApp, Button, ConfigProvider, Layout, Menu, Result } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, Route, Routes, useLocation, useNavigate } from 'react-router';
import { SESSION_EXPIRED_EVENT, storedToken, storeToken } from '../../api/api.ts';
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

function AdminShell({ onLogout }: { onLogout(): void }) {
  const { pathname } = useLocation();
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
        <Layout.Sider breakpoint="lg" collapsedWidth={0} theme="light" width={220}>
          <Menu
            mode="inline"
            selectedKeys={[pathname.replace(/\/$/, '') || '/admin']}
            items={MENU}
            aria-label="Admin"
          />
        </Layout.Sider>
        <Layout.Content style={{ padding: 24 }}>
          <main>
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
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

function Session() {
  const [token, setToken] = useState<string | null>(() => storedToken());
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  const verify = useVerifySessionQuery(token ?? '', { skip: !token });

  useEffect(() => {
    const expired = () => setToken(null);
    window.addEventListener(SESSION_EXPIRED_EVENT, expired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, expired);
  }, []);

  const onLoggedIn = useCallback((value: string) => {
    storeToken(value);
    setToken(value);
  }, []);

  const onLogout = useCallback(async () => {
    // The server ends the session first, while the request still carries its token.
    await logout().catch(() => {});
    storeToken(null);
    setToken(null);
    navigate('/');
  }, [logout, navigate]);

  if (!token || verify.isError) return <LoginPage onLoggedIn={onLoggedIn} />;
  if (verify.isLoading || verify.isFetching || !verify.data) {
    return (
      <div role="status" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        Loading...
      </div>
    );
  }
  return <AdminShell onLogout={onLogout} />;
}

/** The back office: lazily loaded, so antd never reaches a visitor's page. */
export function AdminApp() {
  return (
    <ConfigProvider theme={{ token: { colorPrimary: '#0f3d3e', borderRadius: 8 } }}>
      <AntApp>
        <Session />
      </AntApp>
    </ConfigProvider>
  );
}
