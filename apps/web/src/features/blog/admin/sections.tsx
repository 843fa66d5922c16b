import type { AdminSection } from '../../../shared/admin/sections.ts';
import { BlogManager } from './BlogManager.tsx';
import { JsonImportPage } from './JsonImportPage.tsx';

export const blogManagerSection: AdminSection = {
  path: 'blog',
  label: 'Blog Manager',
  element: <BlogManager />,
};

export const blogImportSection: AdminSection = {
  path: 'json-import',
  label: 'Import JSON Blog',
  title: 'JSON Blog Post Importer',
  element: <JsonImportPage />,
};
