import { isCalendarDate, isIsoDateTimeWithOffset } from '@mwr/domain';
import { ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';

/** The domain decides what a calendar date is, so the HTTP layer cannot disagree with it. */
@ValidatorConstraint({ name: 'calendarDate' })
export class CalendarDate implements ValidatorConstraintInterface {
  validate(value: unknown) {
    return typeof value === 'string' && isCalendarDate(value);
  }
}

@ValidatorConstraint({ name: 'dateTimeWithOffset' })
export class DateTimeWithOffset implements ValidatorConstraintInterface {
  validate(value: unknown) {
    return typeof value === 'string' && isIsoDateTimeWithOffset(value);
  }
}

/** The largest integer a query parameter may hold: twelve digits, far past any real page. */
export const QUERY_INTEGER_MAX = 999_999_999_999;

/**
 * Query strings carry text: only plain decimal digits become an integer ("1.0", "1e1", " 1" and ""
 * do not), everything else becomes NaN so that @IsInt refuses it.
 */
export function strictInteger({ value }: { value: unknown }): unknown {
  if (value === undefined) return undefined;
  return typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : Number.NaN;
}
