import { DomainError } from './domain-error';

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,3}))?)?$/;
const DATE_TIME_WITH_OFFSET =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(?:Z|([+-])([01]\d|2[0-3]):([0-5]\d))$/;
// PostgreSQL has no year 0, and four digits cannot write a year after 9999.
const YEAR_MIN = 1;
const YEAR_MAX = 9999;

export class InvalidTimeZoneError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'INVALID_TIME_ZONE';

  constructor(readonly timeZone: string) {
    super(`Invalid time zone "${timeZone}": not an IANA time zone`);
  }
}

export class InvalidLocalDateTimeError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'INVALID_LOCAL_DATE_TIME';

  constructor(
    readonly text: string,
    readonly reason: string,
  ) {
    super(`Invalid local date-time "${text}": ${reason}`);
  }
}

export function isCalendarDate(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  return year >= YEAR_MIN && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Also requires the instant, read in UTC, to fall in years 0001-9999, as its local day must. */
export function isIsoDateTimeWithOffset(text: string): boolean {
  const match = DATE_TIME_WITH_OFFSET.exec(text);
  if (match === null || !isCalendarDate(match[1])) return false;
  const [year, month, day] = match[1].split('-').map(Number);
  const [hour, minute, second] = match.slice(2, 5).map((part) => Number(part ?? 0));
  const offsetMinutes = match[5] === undefined ? 0 : (match[5] === '-' ? -1 : 1) * (Number(match[6]) * 60 + Number(match[7]));
  // Fractions of a second cannot move an instant across a year boundary, so they are left out.
  const utcYear = new Date(utcMs(year, month, day, hour, minute - offsetMinutes, second)).getUTCFullYear();
  return utcYear >= YEAR_MIN && utcYear <= YEAR_MAX;
}

export function isValidTimeZone(tz: string): boolean {
  // Newer engines accept offsets such as "+03:00" as zones; an offset has no DST rules, so it is
  // refused everywhere for the same answer on every Node version.
  if (typeof tz !== 'string' || tz === '' || /^[+-]/.test(tz)) return false;
  try {
    formatterFor(tz);
    return true;
  } catch {
    return false;
  }
}

/**
 * Wall times that a DST jump skips are moved forward by the jump (00:30 on a day clocks go from
 * 00:00 to 01:00 is 01:30); wall times that happen twice resolve to the earlier instant. This
 * is the `compatible` disambiguation of Temporal and java.time.
 */
export function zonedDateTimeToUtc(day: string, time: string, timeZone: string): Date {
  return new Date(remembered(wallTimes, timeZone, `${day} ${time}`, () => wallTimeToUtc(day, time, timeZone)));
}

export function startOfZonedDay(day: string, timeZone: string): Date {
  return zonedDateTimeToUtc(day, '00:00', timeZone);
}

export interface ZonedDay {
  /** `YYYY-MM-DD` */
  day: string;
  startsAt: Date;
  nextDayStartsAt: Date;
}

/** The calendar day, in `timeZone`, on which an instant falls, with its first instant and the next day's. */
export function zonedDayContaining(instant: Date, timeZone: string): ZonedDay {
  const at = instant.getTime();
  if (Number.isNaN(at)) throw new InvalidLocalDateTimeError(String(instant), 'not a valid instant');
  const { day, startsAt, nextDayStartsAt } = remembered(daysOfInstants, timeZone, at, () => dayContaining(at, timeZone));
  return { day, startsAt: new Date(startsAt), nextDayStartsAt: new Date(nextDayStartsAt) };
}

// No zone is a whole day away from UTC: the instant's day is its UTC day or one beside it.
function dayContaining(at: number, timeZone: string): { day: string; startsAt: number; nextDayStartsAt: number } {
  const utcDay = new Date(at).toISOString().slice(0, 10);
  let day = at < startOfZonedDay(utcDay, timeZone).getTime() ? addDays(utcDay, -1) : utcDay;
  let next = addDays(day, 1);
  if (at >= startOfZonedDay(next, timeZone).getTime()) [day, next] = [next, addDays(next, 1)];
  return { day, startsAt: startOfZonedDay(day, timeZone).getTime(), nextDayStartsAt: startOfZonedDay(next, timeZone).getTime() };
}

// A conversion formats instants several times (tens of microseconds), and callers ask about the
// same few days, shifts and instants over and over: a seeded million missions has a few thousand.
// Per zone, so that keys are built from nothing; forgotten all at once past a bound.
const KEPT_PER_ZONE = 10_000;
const wallTimes = new Map<string, Map<string, number>>();
const daysOfInstants = new Map<string, Map<number, { day: string; startsAt: number; nextDayStartsAt: number }>>();

function remembered<K, V>(caches: Map<string, Map<K, V>>, timeZone: string, key: K, compute: () => V): V {
  let cache = caches.get(timeZone);
  const known = cache?.get(key);
  if (known !== undefined) return known;
  const value = compute();
  if (!cache) {
    // Only a zone that converted once without throwing is given a cache.
    cache = new Map();
    caches.set(timeZone, cache);
  } else if (cache.size >= KEPT_PER_ZONE) {
    cache.clear();
  }
  cache.set(key, value);
  return value;
}

function wallTimeToUtc(day: string, time: string, timeZone: string): number {
  const [year, month, date] = parseDay(day);
  const clock = TIME.exec(time);
  if (!clock) throw new InvalidLocalDateTimeError(time, 'time is not HH:MM, HH:MM:SS or HH:MM:SS.mmm');
  assertTimeZone(timeZone);
  const [hour, minute, second] = clock.slice(1, 4).map((part) => Number(part ?? 0));
  const millisecond = clock[4] === undefined ? 0 : Number(clock[4].padEnd(3, '0'));
  const wall = utcMs(year, month, date, hour, minute, second, millisecond);

  // At most one offset change lies within a day of any wall time, so the offsets a day either
  // side are the only two candidates.
  const before = offsetAt(timeZone, wall - DAY_MS);
  const after = offsetAt(timeZone, wall + DAY_MS);
  const candidates = [wall - before, wall - after].filter((instant) => instant + offsetAt(timeZone, instant) === wall);
  return candidates.length > 0 ? Math.min(...candidates) : wall - before;
}

/** Derived from the next day's start, because the local 23:59:59.999 may happen twice or never. */
export function endOfZonedDay(day: string, timeZone: string): Date {
  return new Date(startOfZonedDay(addDays(day, 1), timeZone).getTime() - 1);
}

export function addDays(day: string, n: number): string {
  const [year, month, date] = parseDay(day);
  if (!Number.isSafeInteger(n)) throw new InvalidLocalDateTimeError(day, `cannot add ${n} days`);
  const moved = new Date(utcMs(year, month, date + n));
  const result = [
    String(moved.getUTCFullYear()).padStart(4, '0'),
    String(moved.getUTCMonth() + 1).padStart(2, '0'),
    String(moved.getUTCDate()).padStart(2, '0'),
  ].join('-');
  if (!isCalendarDate(result)) throw new InvalidLocalDateTimeError(day, `adding ${n} days leaves years 0001-9999`);
  return result;
}

function parseDay(day: string): [number, number, number] {
  if (!isCalendarDate(day)) throw new InvalidLocalDateTimeError(day, 'day is not a calendar date YYYY-MM-DD');
  const [year, month, date] = day.split('-').map(Number);
  return [year, month, date];
}

function assertTimeZone(timeZone: string): void {
  if (!isValidTimeZone(timeZone)) throw new InvalidTimeZoneError(timeZone);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

// Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear takes them literally.
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime();
}

// Constructing a formatter costs far more than formatting with one.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Milliseconds to add to a UTC instant to read the wall clock in `timeZone` at that instant. */
function offsetAt(timeZone: string, instant: number): number {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of formatterFor(timeZone).formatToParts(instant)) parts[type] = value;
  const year = Number(parts.year);
  const wall = utcMs(
    parts.era === 'BC' ? 1 - year : year,
    Number(parts.month),
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - (instant - mod(instant, 1000));
}

function mod(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}
