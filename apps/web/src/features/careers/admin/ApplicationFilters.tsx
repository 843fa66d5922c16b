import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  type ApplicationStatus,
  type ScreeningFilter,
} from '@kw/careers/contract';
import { Button, Card, DatePicker, type DatePickerProps, Select, Space } from 'antd';
import type { ReactNode } from 'react';

export type Day = Exclude<DatePickerProps['value'], unknown[] | undefined>;

/** What the applications list is narrowed to (admin.md, Applications). */
export interface ApplicationFilterValues {
  status: ApplicationStatus | 'all';
  from: Day;
  to: Day;
  screening: ScreeningFilter;
}

export const NO_APPLICATION_FILTERS: ApplicationFilterValues = {
  status: 'all',
  from: null,
  to: null,
  screening: 'all',
};

/** The Filters card: status, the days applied between, spam screening, Clear, and the export. */
export function ApplicationFilters({
  value,
  onChange,
  exportButton,
}: {
  value: ApplicationFilterValues;
  onChange: (change: Partial<ApplicationFilterValues>) => void;
  exportButton: ReactNode;
}) {
  const { status, from, to, screening } = value;
  return (
    <Card title="Filters" size="small">
      <Space wrap align="end">
        <div className="filter-field">
          <label htmlFor="application-status-filter">Status</label>
          <Select
            id="application-status-filter"
            style={{ width: 160 }}
            value={status}
            onChange={(next) => onChange({ status: next })}
            options={[
              { value: 'all', label: 'All Statuses' },
              ...APPLICATION_STATUSES.map((s) => ({
                value: s,
                label: APPLICATION_STATUS_LABELS[s],
              })),
            ]}
          />
        </div>
        <div className="filter-field">
          <label htmlFor="application-from-date">From Date</label>
          <DatePicker
            id="application-from-date"
            value={from}
            onChange={(day) => onChange({ from: day as Day })}
          />
        </div>
        <div className="filter-field">
          <label htmlFor="application-to-date">To Date</label>
          <DatePicker
            id="application-to-date"
            value={to}
            onChange={(day) => onChange({ to: day as Day })}
          />
        </div>
        <div className="filter-field">
          <label htmlFor="application-screening-filter">Spam</label>
          <Select
            id="application-screening-filter"
            style={{ width: 170 }}
            value={screening}
            onChange={(next) => onChange({ screening: next })}
            options={[
              { value: 'all', label: 'All' },
              { value: 'clean', label: 'Clean' },
              { value: 'held', label: 'Held for review' },
              { value: 'spam', label: 'Spam' },
            ]}
          />
        </div>
        <Button onClick={() => onChange(NO_APPLICATION_FILTERS)}>Clear</Button>
        {exportButton}
      </Space>
    </Card>
  );
}
