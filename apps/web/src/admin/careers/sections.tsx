import type { AdminSection } from '../sections.ts';

export const careersSections: AdminSection[] = [];
