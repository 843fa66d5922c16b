import type { AdminSection } from '../../../shared/admin/sections.ts';
import { PrivacyPage } from './PrivacyPage.tsx';

export const privacySection: AdminSection = {
  path: 'privacy',
  label: 'Privacy',
  element: <PrivacyPage />,
};
