import type { AdminSection } from '../../../shared/admin/sections.ts';
import { AuditLog } from './AuditLog.tsx';

export const auditSection: AdminSection = {
  path: 'audit',
  label: 'Audit Log',
  element: <AuditLog />,
};
