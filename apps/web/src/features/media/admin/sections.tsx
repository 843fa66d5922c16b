import type { AdminSection } from '../../../shared/admin/sections.ts';
import { MediaManager } from './MediaManager.tsx';

export const mediaSection: AdminSection = {
  path: 'media',
  label: 'Media Manager',
  element: <MediaManager />,
};
