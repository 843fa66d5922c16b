import {
  CONTACT_PRIORITIES,
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  type ContactPriority,
  type ContactStatus,
  type ContactSubmission,
  SERVICE_OPTIONS,
} from '@kw/contact/contract';
import { Button, Select } from 'antd';
import { SearchFilter } from '../../../shared/admin/SubmissionsFrame.tsx';
import { capital, fullName } from './display.ts';

/** The spam filter with a third state: held for the administrator's review. */
export const SCREENING_FILTERS = ['all', 'clean', 'held', 'spam'] as const;
export type ScreeningFilterValue = (typeof SCREENING_FILTERS)[number];

export interface ContactFilterValues {
  search: string;
  status: ContactStatus | 'all';
  priority: ContactPriority | 'all';
  service: string;
  spam: ScreeningFilterValue;
}

/** The filters a link opens the page with (`?spam=held`: the dashboard's held-for-review line). */
export function filtersFromSearch(search: URLSearchParams): ContactFilterValues {
  const spam = search.get('spam');
  return {
    ...NO_FILTERS,
    spam: SCREENING_FILTERS.find((value) => value === spam) ?? NO_FILTERS.spam,
  };
}

function matchesScreening(s: ContactSubmission, filter: ScreeningFilterValue): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'clean':
      return !s.isSpam && !s.held;
    case 'held':
      return s.held;
    case 'spam':
      return s.isSpam;
  }
}

export const NO_FILTERS: ContactFilterValues = {
  search: '',
  status: 'all',
  priority: 'all',
  service: 'all',
  spam: 'all',
};

/** Name, e-mail, company, message or phone, then each chosen filter (admin.md §5). */
export function matches(s: ContactSubmission, f: ContactFilterValues): boolean {
  const q = f.search.trim().toLowerCase();
  if (
    q &&
    ![fullName(s), s.email, s.company, s.message, s.phone].some((v) => v.toLowerCase().includes(q))
  )
    return false;
  if (f.status !== 'all' && s.status !== f.status) return false;
  if (f.priority !== 'all' && s.priority !== f.priority) return false;
  if (f.service !== 'all' && (s.service || 'general') !== f.service) return false;
  return matchesScreening(s, f.spam);
}

export function ContactFilters({
  filters,
  set,
  clear,
}: {
  filters: ContactFilterValues;
  set(patch: Partial<ContactFilterValues>): void;
  clear(): void;
}) {
  return (
    <>
      <SearchFilter
        label="Search submissions"
        placeholder="Search name, email, company or message"
        width={300}
        value={filters.search}
        onChange={(search) => set({ search })}
      />
      <Select
        aria-label="Status filter"
        value={filters.status}
        onChange={(status) => set({ status })}
        style={{ width: 150 }}
        options={[
          { value: 'all', label: 'All Statuses' },
          ...CONTACT_STATUSES.map((v) => ({ value: v, label: CONTACT_STATUS_LABELS[v] })),
        ]}
      />
      <Select
        aria-label="Priority filter"
        value={filters.priority}
        onChange={(priority) => set({ priority })}
        style={{ width: 150 }}
        options={[
          { value: 'all', label: 'All Priorities' },
          ...CONTACT_PRIORITIES.map((v) => ({ value: v, label: capital(v) })),
        ]}
      />
      <Select
        aria-label="Service filter"
        value={filters.service}
        onChange={(service) => set({ service })}
        style={{ width: 220 }}
        options={[
          { value: 'all', label: 'All Services' },
          ...SERVICE_OPTIONS.map((o) => ({ value: o.value, label: o.label })),
          { value: 'general', label: 'General' },
        ]}
      />
      <Select
        aria-label="Spam filter"
        prefix="Spam:"
        value={filters.spam}
        onChange={(spam) => set({ spam })}
        style={{ width: 190 }}
        options={[
          { value: 'all', label: 'All' },
          { value: 'clean', label: 'Clean' },
          { value: 'held', label: 'Held for review' },
          { value: 'spam', label: 'Spam' },
        ]}
      />
      <Button onClick={clear}>Clear Filters</Button>
    </>
  );
}
