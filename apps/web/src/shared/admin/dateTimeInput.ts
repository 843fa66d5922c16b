import { BUSINESS_TIME_ZONE } from '@kw/site';

// The blog editor's datetime-local field speaks the business's clock, like the dates the
// back office shows (see shared/dates.ts).

/** The wall clock of the business's zone at an instant, as the fields of a UTC date. */
function wallClock(instant: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: BUSINESS_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** An instant as the value of a datetime-local input (YYYY-MM-DDTHH:mm), in the business's zone. */
export function toDateTimeInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  return new Date(wallClock(instant)).toISOString().slice(0, 16);
}

/** A datetime-local input's value, read in the business's zone, as an ISO instant. */
export function fromDateTimeInput(value: string | null | undefined): string | null {
  if (!value) return null;
  const asUtc = Date.parse(`${value}Z`);
  if (Number.isNaN(asUtc)) return null;
  // The zone's offset at the guessed instant, then again at the corrected one (a DST change).
  let instant = asUtc - (wallClock(asUtc) - asUtc);
  instant = asUtc - (wallClock(instant) - instant);
  return new Date(instant).toISOString();
}
