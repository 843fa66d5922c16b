import type { ReactNode } from 'react';

/** One screen of the back office: its path below /admin, its menu label and its page. */
export interface AdminSection {
  path: string;
  label: string;
  /** The screen's own name in the tab title when it differs from the menu label. */
  title?: string;
  element: ReactNode;
  /** Shown in the side menu (default true). */
  menu?: boolean;
}
