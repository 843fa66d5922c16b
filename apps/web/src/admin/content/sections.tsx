import type { AdminSection } from '../sections.ts';

export const contentSections: AdminSection[] = [];
