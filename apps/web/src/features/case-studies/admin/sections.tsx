import type { AdminSection } from '../../../shared/admin/sections.ts';
import { CaseStudyImportPage } from './CaseStudyImportPage.tsx';
import { CaseStudyManager } from './CaseStudyManager.tsx';

export const caseStudyManagerSection: AdminSection = {
  path: 'case-studies',
  label: 'Case Studies',
  title: 'Case Study Manager',
  element: <CaseStudyManager />,
};

export const caseStudyImportSection: AdminSection = {
  path: 'case-study-importer',
  label: 'Import Case Studies',
  title: 'Case Study CSV Importer',
  element: <CaseStudyImportPage />,
};
