import type { AdminSection } from '../../../shared/admin/sections.ts';
import { ContactSubmissionsPage } from './ContactSubmissionsPage.tsx';

export const contactSection: AdminSection = {
  path: 'contact',
  label: 'Contact Submissions',
  element: <ContactSubmissionsPage />,
};
