import {
  APPLICATION_STATUS_COLOURS,
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
} from '@kw/careers/contract';
import { Tag } from 'antd';

/** New blue, reviewing yellow, interview purple, hired green, rejected red. */
export function StatusTag({ status }: { status: ApplicationStatus }) {
  return (
    <Tag color={APPLICATION_STATUS_COLOURS[status]} data-status={status}>
      {APPLICATION_STATUS_LABELS[status]}
    </Tag>
  );
}
