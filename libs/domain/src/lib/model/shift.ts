import { DuplicateShiftError, InvalidShiftError } from './shift.errors';
import { addDays, isCalendarDate, zonedDateTimeToUtc } from './zoned-time';

// Four dash-free fields after the three-part day; the index may carry one leading dash so that a
// negative index is reported as such rather than as a malformed shape.
const SHAPE = /^([^-]*-[^-]*-[^-]*)-([^-]*)-([^-]*)-(-?[^-]*)$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const INDEX = /^(0|[1-9]\d{0,5})$/;

/** A mission shift written `day-start-end-index`, e.g. `2026-12-01-08:00-17:00-0`. */
export class Shift {
  private constructor(
    readonly day: string,
    readonly start: string,
    readonly end: string,
    readonly index: number,
  ) {}

  static parse(text: string): Shift {
    const match = SHAPE.exec(text);
    if (!match) throw new InvalidShiftError(text, 'expected day-start-end-index, e.g. 2026-12-01-08:00-17:00-0');
    const [, day, start, end, index] = match;
    const reason = problemWith(day, start, end, index);
    if (reason) throw new InvalidShiftError(text, reason);
    return new Shift(day, start, end, Number(index));
  }

  /** end before start: the shift ends the next day */
  get overnight(): boolean {
    return this.end < this.start;
  }

  startsAt(timeZone: string): Date {
    return zonedDateTimeToUtc(this.day, this.start, timeZone);
  }

  endsAt(timeZone: string): Date {
    return zonedDateTimeToUtc(this.overnight ? addDays(this.day, 1) : this.day, this.end, timeZone);
  }

  toString(): string {
    return `${this.day}-${this.start}-${this.end}-${this.index}`;
  }
}

function problemWith(day: string, start: string, end: string, index: string): string | null {
  if (!isCalendarDate(day)) return 'day is not a calendar date';
  if (!TIME.test(start)) return 'start is not a time HH:MM (00:00-23:59)';
  if (!TIME.test(end)) return 'end is not a time HH:MM (00:00-23:59)';
  if (!INDEX.test(index)) return 'index is not a non-negative integer of at most 6 digits without leading zeros';
  if (start === end) return 'start equals end';
  return null;
}

export function parseShifts(texts: readonly string[]): Shift[] {
  const seen = new Map<string, Shift>();
  return texts.map((text) => {
    const shift = Shift.parse(text);
    const key = `${shift.day}/${shift.index}`;
    const earlier = seen.get(key);
    if (earlier) throw new DuplicateShiftError(earlier.toString(), shift.toString(), shift.day, shift.index);
    seen.set(key, shift);
    return shift;
  });
}
