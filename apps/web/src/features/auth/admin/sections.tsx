import type { AdminSection } from '../../../shared/admin/sections.ts';
import { SettingsPage } from './SettingsPage.tsx';

export const settingsSection: AdminSection = {
  path: 'settings',
  label: 'Settings',
  element: <SettingsPage />,
};
