import type { AdminSection } from '../sections.ts';
import { ContactSubmissionsPage } from './ContactSubmissionsPage.tsx';
import { NewsletterPage } from './NewsletterPage.tsx';
import { SettingsPage } from './SettingsPage.tsx';

export const backofficeSections: AdminSection[] = [
  { path: 'newsletter', label: 'Newsletter Management', element: <NewsletterPage /> },
  { path: 'contact', label: 'Contact Submissions', element: <ContactSubmissionsPage /> },
  { path: 'settings', label: 'Settings', element: <SettingsPage /> },
];
