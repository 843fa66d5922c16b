import type { AdminSection } from '../../../shared/admin/sections.ts';
import { NewsletterPage } from './NewsletterPage.tsx';

export const newsletterSection: AdminSection = {
  path: 'newsletter',
  label: 'Newsletter Management',
  element: <NewsletterPage />,
};
