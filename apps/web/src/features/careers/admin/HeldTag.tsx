import type { JobApplication } from '@kw/careers/contract';
import { Tag, Tooltip } from 'antd';

/** An application held for review: the tag, its reason on hover. */
export function HeldTag({ application }: { application: JobApplication }) {
  if (!application.held) return null;
  return (
    <Tooltip title={application.heldReason ?? 'Held for review'}>
      <Tag color="gold">HELD FOR REVIEW</Tag>
    </Tooltip>
  );
}
