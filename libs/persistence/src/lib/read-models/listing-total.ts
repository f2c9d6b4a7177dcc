import type { Period } from '@mwr/domain';
import type { SqlFilter } from './sql-filter';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** An instant in ms since the epoch; ±Infinity for an open end. */
type Instant = number;

/**
 * A period cut at UTC hour, day and month boundaries, each bound within the next:
 * from ≤ hourFrom ≤ dayFrom ≤ monthFrom ≤ monthBefore ≤ dayBefore ≤ hourBefore ≤ before.
 * [monthFrom, monthBefore) is whole months; [dayFrom, monthFrom) and [monthBefore, dayBefore) whole
 * days; [hourFrom, dayFrom) and [dayBefore, hourBefore) whole hours; [from, hourFrom) and
 * [hourBefore, before) the slices shorter than an hour, counted from the rows themselves. Whole days
 * of a zone with a whole-hour offset (America/Sao_Paulo) have no such slices.
 */
export interface PeriodCuts {
  from: Instant;
  hourFrom: Instant;
  dayFrom: Instant;
  monthFrom: Instant;
  monthBefore: Instant;
  dayBefore: Instant;
  hourBefore: Instant;
  before: Instant;
}

const ceilTo = (t: Instant, unit: number) => (Number.isFinite(t) ? Math.ceil(t / unit) * unit : t);
const floorTo = (t: Instant, unit: number) => (Number.isFinite(t) ? Math.floor(t / unit) * unit : t);

function floorMonth(t: Instant): Instant {
  if (!Number.isFinite(t)) return t;
  const date = new Date(t);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

function ceilMonth(t: Instant): Instant {
  if (!Number.isFinite(t)) return t;
  const floor = floorMonth(t);
  if (floor === t) return t;
  const date = new Date(floor);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

export function cutPeriod(period: Period): PeriodCuts {
  const from = period.from === null ? -Infinity : period.from.getTime();
  const before = period.before === null ? Infinity : period.before.getTime();
  const hourFrom = ceilTo(from, HOUR);
  const hourBefore = floorTo(before, HOUR);
  if (!(hourFrom < hourBefore)) {
    return { from, hourFrom: before, dayFrom: before, monthFrom: before, monthBefore: before, dayBefore: before, hourBefore: before, before };
  }
  const dayFrom = ceilTo(hourFrom, DAY);
  const dayBefore = floorTo(hourBefore, DAY);
  if (!(dayFrom < dayBefore)) {
    return { from, hourFrom, dayFrom: hourBefore, monthFrom: hourBefore, monthBefore: hourBefore, dayBefore: hourBefore, hourBefore, before };
  }
  const monthFrom = ceilMonth(dayFrom);
  const monthBefore = floorMonth(dayBefore);
  if (!(monthFrom < monthBefore)) {
    return { from, hourFrom, dayFrom, monthFrom: dayBefore, monthBefore: dayBefore, dayBefore, hourBefore, before };
  }
  return { from, hourFrom, dayFrom, monthFrom, monthBefore, dayBefore, hourBefore, before };
}

function sqlInstant(t: Instant): string {
  if (t === -Infinity) return '-infinity';
  if (t === Infinity) return 'infinity';
  return new Date(t).toISOString();
}

export type CountedListing = 'workforce' | 'registers' | 'pdv' | 'deliveries' | 'form_answers';

export interface AggregateTotal {
  listing: CountedListing;
  period: Period;
  /** The count key (workforce status, stop progress, form id); null sums every key. */
  key: number | null;
  /** Counts the listing's rows in [from, before) with every other filter: the sub-hour slices. */
  countRows(from: string, before: string): string;
}

/**
 * The exact total of a listing filtered by period and key only, read from the count aggregates
 * (migration 1764200000000): the buckets wholly inside the period, plus the rows of its sub-hour
 * edges. Placeholders are bound on `filter`, whose `$1` is the account.
 */
export function aggregateTotal(filter: SqlFilter, total: AggregateTotal): string {
  const cuts = cutPeriod(total.period);
  const listing = filter.bind(total.listing);
  const key = total.key === null ? '' : ` AND c.key = ${filter.bind(total.key)}`;
  const ranges: [grain: string, from: Instant, before: Instant][] = [
    ['month', cuts.monthFrom, cuts.monthBefore],
    ['day', cuts.dayFrom, cuts.monthFrom],
    ['day', cuts.monthBefore, cuts.dayBefore],
    ['hour', cuts.hourFrom, cuts.dayFrom],
    ['hour', cuts.dayBefore, cuts.hourBefore],
  ];
  // One index range of listing_counts' primary key per range.
  const sums = ranges
    .filter(([, from, before]) => from < before)
    .map(
      ([grain, from, before]) => `SELECT c.n FROM listing_counts c
         WHERE c.client_account_id = $1 AND c.listing = ${listing} AND c.grain = '${grain}'
           AND c.bucket >= ${filter.bind(sqlInstant(from))}::timestamptz AND c.bucket < ${filter.bind(sqlInstant(before))}::timestamptz${key}`,
    );
  const parts = [`(SELECT coalesce(sum(n), 0) FROM (${sums.length > 0 ? sums.join('\n UNION ALL ') : 'SELECT 0::bigint AS n'}) buckets)`];
  for (const [from, before] of [
    [cuts.from, cuts.hourFrom],
    [cuts.hourBefore, cuts.before],
  ]) {
    if (from < before) {
      parts.push(`(${total.countRows(`${filter.bind(sqlInstant(from))}::timestamptz`, `${filter.bind(sqlInstant(before))}::timestamptz`)})`);
    }
  }
  return `SELECT (${parts.join(' + ')})::int`;
}
