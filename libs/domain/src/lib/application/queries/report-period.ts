import { endOfZonedDay, startOfZonedDay } from '../../model/zoned-time';
import type { Period } from './page';

/** A period of whole days in the reporting zone: first instant of the first day to last instant of the last. */
export function reportPeriod(firstDay: string | null, lastDay: string | null, timeZone: string): Period {
  return {
    from: firstDay === null ? null : startOfZonedDay(firstDay, timeZone),
    to: lastDay === null ? null : endOfZonedDay(lastDay, timeZone),
  };
}
