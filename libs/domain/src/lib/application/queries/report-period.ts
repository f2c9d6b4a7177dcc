import { addDays, startOfZonedDay } from '../../model/zoned-time';
import type { Period } from './page';

const LAST_CALENDAR_DAY = '9999-12-31';

/**
 * A period of whole days in the reporting zone, both days included: from the first instant of the
 * first day up to (not including) the first instant of the day after the last.
 */
export function reportPeriod(firstDay: string | null, lastDay: string | null, timeZone: string): Period {
  return {
    from: firstDay === null ? null : startOfZonedDay(firstDay, timeZone),
    // Nothing is stored after the last calendar day, so a period ending on it is open-ended.
    before: lastDay === null || lastDay === LAST_CALENDAR_DAY ? null : startOfZonedDay(addDays(lastDay, 1), timeZone),
  };
}
