import type { AdminSection } from '../sections.ts';
import { ContactSubmissionsPage } from './ContactSubmissionsPage.tsx';

export const backofficeSections: AdminSection[] = [
  { path: 'contact', label: 'Contact Submissions', element: <ContactSubmissionsPage /> },
];
