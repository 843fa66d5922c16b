import type { AdminSection } from '../sections.ts';
import { BlogManager } from './BlogManager.tsx';
import { CaseStudyImportPage } from './CaseStudyImportPage.tsx';
import { CaseStudyManager } from './CaseStudyManager.tsx';
import { JsonImportPage } from './JsonImportPage.tsx';
import { MediaManager } from './MediaManager.tsx';

export const contentSections: AdminSection[] = [
  { path: 'blog', label: 'Blog Manager', element: <BlogManager /> },
  { path: 'case-studies', label: 'Case Studies', element: <CaseStudyManager /> },
  { path: 'media', label: 'Media Manager', element: <MediaManager /> },
  { path: 'json-import', label: 'Import JSON Blog', element: <JsonImportPage /> },
  { path: 'case-study-importer', label: 'Import Case Studies', element: <CaseStudyImportPage /> },
];
