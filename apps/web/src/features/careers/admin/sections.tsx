import { Navigate } from 'react-router';
import type { AdminSection } from '../../../shared/admin/sections.ts';
import { JobManagerPage } from './JobManagerPage.tsx';

export const careersSections: AdminSection[] = [
  { path: 'jobs', label: 'Job Manager', element: <JobManagerPage /> },
  {
    // admin.md §2: the old address of the applications list.
    path: 'job-applications',
    label: 'Job Applications',
    menu: false,
    element: <Navigate to={{ pathname: '/admin/jobs', hash: '#applications' }} replace />,
  },
];
