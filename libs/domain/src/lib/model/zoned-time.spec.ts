import { DomainError } from './domain-error';
import {
  addDays,
  endOfZonedDay,
  InvalidLocalDateTimeError,
  InvalidTimeZoneError,
  isCalendarDate,
  isIsoDateTimeWithOffset,
  isValidTimeZone,
  startOfZonedDay,
  zonedDateTimeToUtc,
  zonedDayContaining,
} from './zoned-time';

const iso = (date: Date) => date.toISOString();

describe('isCalendarDate', () => {
  it.each(['2026-12-01', '2024-02-29', '2000-02-29', '2026-01-31', '2026-04-30', '0001-01-01', '9999-12-31'])(
    '"true only for YYYY-MM-DD that is a real date": %s',
    (text) => expect(isCalendarDate(text)).toBe(true),
  );

  it.each([
    '2026-02-30',
    '2026-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-2-01',
    '2026-02-1',
    '26-02-01',
    '2026-02-28x',
    ' 2026-02-28',
    '2026/02/28',
    '２０２６-02-28',
    '',
  ])('"true only for YYYY-MM-DD that is a real date": %s is not', (text) => expect(isCalendarDate(text)).toBe(false));

  it.each(['0000-01-01', '0000-02-29', '0000-12-31'])('"years 0001 to 9999 only (PostgreSQL has no year 0)": %s is not', (text) =>
    expect(isCalendarDate(text)).toBe(false),
  );
});

describe('isIsoDateTimeWithOffset', () => {
  it.each([
    '2026-12-01T08:00:00Z',
    '2026-12-01T08:00:00.123-03:00',
    '2026-12-01T08:00Z',
    '2026-12-01T08:00+05:30',
    '2026-12-01T23:59:59.999999999+14:00',
    '2024-02-29T00:00:00-00:00',
  ])('"ISO 8601 date-time WITH an offset, seconds and fractions optional": %s', (text) => {
    expect(isIsoDateTimeWithOffset(text)).toBe(true);
    expect(Number.isNaN(new Date(text).getTime())).toBe(false);
  });

  it.each([
    '2026-12-01T08:00:00',
    '2026-12-01T08:00',
    '2026-12-01',
    '2026-02-30T08:00:00Z',
    '2026-12-01T25:00:00Z',
    '2026-12-01T24:00:00Z',
    '2026-12-01T08:60:00Z',
    '2026-12-01T08:00:60Z',
    '2026-12-01T08:00:00.Z',
    '2026-12-01T8:00:00Z',
    '2026-12-01 08:00:00Z',
    '2026-12-01T08:00:00+0300',
    '2026-12-01T08:00:00+24:00',
    '2026-12-01T08:00:00+03:60',
    '2026-12-01T08:00:00z',
    '2026-12-01T08:00:00Z ',
  ])('"false without offset or for impossible dates/times": %s', (text) => expect(isIsoDateTimeWithOffset(text)).toBe(false));

  it.each(['0001-01-01T00:00:00Z', '0001-01-01T02:59-03:00', '0001-01-01T10:00:00+10:00', '9999-12-31T23:59:59.999999999Z', '9999-12-31T20:00+03:00'])(
    '"the instant in UTC lies in years 0001-9999": %s',
    (text) => expect(isIsoDateTimeWithOffset(text)).toBe(true),
  );

  it.each([
    '0000-01-01T00:00:00Z',
    '0000-12-31T23:00:00-03:00',
    '0001-01-01T00:00:00+00:01',
    '0001-01-01T09:59:59.999+10:00',
    '9999-12-31T23:59:59.999999999-00:01',
    '9999-12-31T21:00:00-03:00',
  ])('"false when the instant in UTC leaves years 0001-9999 (PostgreSQL has no year 0)": %s', (text) =>
    expect(isIsoDateTimeWithOffset(text)).toBe(false),
  );
});

describe('isValidTimeZone', () => {
  it.each(['America/Sao_Paulo', 'Europe/Berlin', 'UTC', 'Asia/Kathmandu'])('"an IANA time zone is valid": %s', (tz) =>
    expect(isValidTimeZone(tz)).toBe(true),
  );

  it.each(['', 'Mars/Olympus_Mons', 'America/Sao Paulo', '+03:00', '-03:00', 'GMT-3'])(
    '"anything that is not an IANA time zone is invalid": %s',
    (tz) => expect(isValidTimeZone(tz)).toBe(false),
  );

  it('"a missing value is not a time zone", although Intl would default it', () => {
    expect(isValidTimeZone(undefined as unknown as string)).toBe(false);
  });
});

describe('zonedDateTimeToUtc', () => {
  it('"America/Sao_Paulo now is UTC-3 with no DST"', () => {
    expect(iso(zonedDateTimeToUtc('2026-12-01', '08:00', 'America/Sao_Paulo'))).toBe('2026-12-01T11:00:00.000Z');
    expect(iso(zonedDateTimeToUtc('2026-07-01', '08:00', 'America/Sao_Paulo'))).toBe('2026-07-01T11:00:00.000Z');
  });

  it('"accepts HH:MM, HH:MM:SS and HH:MM:SS.mmm"', () => {
    expect(iso(zonedDateTimeToUtc('2026-12-01', '23:59:59.999', 'UTC'))).toBe('2026-12-01T23:59:59.999Z');
    expect(iso(zonedDateTimeToUtc('2026-12-01', '08:00:30', 'UTC'))).toBe('2026-12-01T08:00:30.000Z');
    expect(iso(zonedDateTimeToUtc('2026-12-01', '08:00:30.5', 'UTC'))).toBe('2026-12-01T08:00:30.500Z');
  });

  it('"offsets that are not whole hours are honoured"', () => {
    expect(iso(zonedDateTimeToUtc('2026-12-01', '08:00', 'Asia/Kolkata'))).toBe('2026-12-01T02:30:00.000Z');
    expect(iso(zonedDateTimeToUtc('2026-12-01', '08:00', 'Asia/Kathmandu'))).toBe('2026-12-01T02:15:00.000Z');
  });

  describe('"right across DST changes": America/Sao_Paulo 2018-11-04, clocks jumped from 00:00 to 01:00', () => {
    it('before and after the jump', () => {
      expect(iso(zonedDateTimeToUtc('2018-11-03', '23:59', 'America/Sao_Paulo'))).toBe('2018-11-04T02:59:00.000Z');
      expect(iso(zonedDateTimeToUtc('2018-11-04', '01:00', 'America/Sao_Paulo'))).toBe('2018-11-04T03:00:00.000Z');
      expect(iso(zonedDateTimeToUtc('2018-11-04', '08:00', 'America/Sao_Paulo'))).toBe('2018-11-04T10:00:00.000Z');
    });

    it('"a skipped wall time moves forward by the jump"', () => {
      expect(iso(zonedDateTimeToUtc('2018-11-04', '00:00', 'America/Sao_Paulo'))).toBe('2018-11-04T03:00:00.000Z');
      expect(iso(zonedDateTimeToUtc('2018-11-04', '00:30', 'America/Sao_Paulo'))).toBe('2018-11-04T03:30:00.000Z');
    });
  });

  it('"a repeated wall time resolves to the earlier instant": America/Sao_Paulo 2019-02-16, 23:00-23:59 twice', () => {
    expect(iso(zonedDateTimeToUtc('2019-02-16', '22:59', 'America/Sao_Paulo'))).toBe('2019-02-17T00:59:00.000Z');
    expect(iso(zonedDateTimeToUtc('2019-02-16', '23:30', 'America/Sao_Paulo'))).toBe('2019-02-17T01:30:00.000Z');
    expect(iso(zonedDateTimeToUtc('2019-02-17', '00:00', 'America/Sao_Paulo'))).toBe('2019-02-17T03:00:00.000Z');
  });

  it('"right across DST changes": Europe/Berlin 2026-03-29, clocks jumped from 02:00 to 03:00', () => {
    expect(iso(zonedDateTimeToUtc('2026-03-29', '01:59', 'Europe/Berlin'))).toBe('2026-03-29T00:59:00.000Z');
    expect(iso(zonedDateTimeToUtc('2026-03-29', '02:30', 'Europe/Berlin'))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(zonedDateTimeToUtc('2026-03-29', '03:00', 'Europe/Berlin'))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(zonedDateTimeToUtc('2026-03-29', '12:00', 'Europe/Berlin'))).toBe('2026-03-29T10:00:00.000Z');
  });

  it('"a repeated wall time resolves to the earlier instant": Europe/Berlin 2026-10-25, 02:00-02:59 twice', () => {
    expect(iso(zonedDateTimeToUtc('2026-10-25', '02:30', 'Europe/Berlin'))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(zonedDateTimeToUtc('2026-10-25', '03:00', 'Europe/Berlin'))).toBe('2026-10-25T02:00:00.000Z');
  });

  it.each([
    ['America/Sao_Paulo', '2018-11-01T00:00Z', '2018-11-08T00:00Z'],
    ['America/Sao_Paulo', '2019-02-14T00:00Z', '2019-02-21T00:00Z'],
    ['Europe/Berlin', '2026-03-26T00:00Z', '2026-04-02T00:00Z'],
    ['Europe/Berlin', '2026-10-22T00:00Z', '2026-10-29T00:00Z'],
  ])('"the wall time of an instant maps back to that instant (or the earlier twin)": %s %s..%s', (timeZone, from, to) => {
    const wall = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const mismatches: string[] = [];
    for (let instant = Date.parse(from); instant < Date.parse(to); instant += 5 * 60_000) {
      const [day, time] = wall.format(instant).split(' ');
      const back = zonedDateTimeToUtc(day, time, timeZone).getTime();
      const sameOrEarlierTwin = back === instant || (back === instant - 3_600_000 && wall.format(back) === wall.format(instant));
      if (!sameOrEarlierTwin) mismatches.push(`${day} ${time} -> ${iso(new Date(back))}, expected ${iso(new Date(instant))}`);
    }
    expect(mismatches).toEqual([]);
  });

  it.each([
    ['2026-02-30', '08:00'],
    ['2026-12-01', '24:00'],
    ['2026-12-01', '8:00'],
    ['2026-12-01', '08:00:60'],
    ['2026-12-01', '08:00:00.1234'],
    ['2026-12-01', ''],
  ])('"day is YYYY-MM-DD and time is HH:MM or HH:MM:SS.mmm": %s %s is refused', (day, time) => {
    const attempt = () => zonedDateTimeToUtc(day, time, 'UTC');
    expect(attempt).toThrow(InvalidLocalDateTimeError);
    expect(attempt).toThrow(expect.objectContaining({ kind: 'invalid', code: 'INVALID_LOCAL_DATE_TIME' }));
  });

  it('"the time zone must be IANA"', () => {
    const attempt = () => zonedDateTimeToUtc('2026-12-01', '08:00', 'Nowhere/Land');
    expect(attempt).toThrow(InvalidTimeZoneError);
    expect(attempt).toThrow(expect.objectContaining({ kind: 'invalid', code: 'INVALID_TIME_ZONE', timeZone: 'Nowhere/Land' }));
    expect(attempt).toThrow(expect.any(DomainError));
  });
});

describe('startOfZonedDay / endOfZonedDay', () => {
  it('"first and last millisecond of that local day"', () => {
    expect(iso(startOfZonedDay('2026-12-01', 'America/Sao_Paulo'))).toBe('2026-12-01T03:00:00.000Z');
    expect(iso(endOfZonedDay('2026-12-01', 'America/Sao_Paulo'))).toBe('2026-12-02T02:59:59.999Z');
    expect(iso(startOfZonedDay('2026-03-29', 'Europe/Berlin'))).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(endOfZonedDay('2026-03-29', 'Europe/Berlin'))).toBe('2026-03-29T21:59:59.999Z');
  });

  it('"a day whose midnight was skipped starts at the first wall time that existed"', () => {
    expect(iso(startOfZonedDay('2018-11-04', 'America/Sao_Paulo'))).toBe('2018-11-04T03:00:00.000Z');
    expect(iso(endOfZonedDay('2018-11-03', 'America/Sao_Paulo'))).toBe('2018-11-04T02:59:59.999Z');
    expect(iso(endOfZonedDay('2018-11-04', 'America/Sao_Paulo'))).toBe('2018-11-05T01:59:59.999Z');
  });

  it('"a day whose last hour happened twice ends after the second one"', () => {
    expect(iso(endOfZonedDay('2019-02-16', 'America/Sao_Paulo'))).toBe('2019-02-17T02:59:59.999Z');
    expect(iso(startOfZonedDay('2019-02-17', 'America/Sao_Paulo'))).toBe('2019-02-17T03:00:00.000Z');
  });
});

describe('zonedDayContaining', () => {
  const at = (text: string) => new Date(text);

  it.each([
    ['America/Sao_Paulo', '2026-12-01T03:00:00.000Z', '2026-12-01', '2026-12-01T03:00:00.000Z', '2026-12-02T03:00:00.000Z'],
    ['America/Sao_Paulo', '2026-12-01T02:59:59.999Z', '2026-11-30', '2026-11-30T03:00:00.000Z', '2026-12-01T03:00:00.000Z'],
    ['America/Sao_Paulo', '2026-12-02T02:59:59.999Z', '2026-12-01', '2026-12-01T03:00:00.000Z', '2026-12-02T03:00:00.000Z'],
    ['Asia/Tokyo', '2026-11-30T15:00:00.000Z', '2026-12-01', '2026-11-30T15:00:00.000Z', '2026-12-01T15:00:00.000Z'],
    ['Asia/Tokyo', '2026-11-30T14:59:59.999Z', '2026-11-30', '2026-11-29T15:00:00.000Z', '2026-11-30T15:00:00.000Z'],
    ['Pacific/Kiritimati', '2026-12-01T09:59:59.999Z', '2026-12-01', '2026-11-30T10:00:00.000Z', '2026-12-01T10:00:00.000Z'],
    ['Pacific/Pago_Pago', '2026-12-01T10:59:59.999Z', '2026-11-30', '2026-11-30T11:00:00.000Z', '2026-12-01T11:00:00.000Z'],
    ['Europe/London', '2026-10-25T23:59:59.999Z', '2026-10-25', '2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z'],
    ['America/Sao_Paulo', '2018-11-04T03:00:00.000Z', '2018-11-04', '2018-11-04T03:00:00.000Z', '2018-11-05T02:00:00.000Z'],
  ])('"the local day of an instant, with its first instant and the next day\'s": %s at %s is %s', (zone, instant, day, startsAt, next) => {
    expect(zonedDayContaining(at(instant), zone)).toEqual({ day, startsAt: at(startsAt), nextDayStartsAt: at(next) });
  });

  it('"asked again, the same answer, in Dates of its own"', () => {
    const first = zonedDayContaining(at('2026-12-01T12:00:00Z'), 'America/Sao_Paulo');
    first.startsAt.setTime(0);
    expect(zonedDayContaining(at('2026-12-01T12:00:00Z'), 'America/Sao_Paulo').startsAt).toEqual(at('2026-12-01T03:00:00.000Z'));
  });

  it('"the time zone must be IANA, and the instant valid"', () => {
    expect(() => zonedDayContaining(at('2026-12-01T12:00:00Z'), 'Mars/Olympus')).toThrow(InvalidTimeZoneError);
    expect(() => zonedDayContaining(new Date(Number.NaN), 'UTC')).toThrow(InvalidLocalDateTimeError);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-12-01', 0, '2026-12-01'],
    ['2026-12-01', 1, '2026-12-02'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-29', 1, '2026-03-30'],
    ['2026-01-01', 365, '2027-01-01'],
    ['0050-03-01', -1, '0050-02-28'],
  ])('"calendar arithmetic on YYYY-MM-DD": %s + %i = %s', (day, n, expected) => expect(addDays(day, n)).toBe(expected));

  it('"the day must be a calendar date and n an integer"', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(InvalidLocalDateTimeError);
    expect(() => addDays('2026-12-01', 1.5)).toThrow(InvalidLocalDateTimeError);
    expect(() => addDays('2026-12-01', Number.NaN)).toThrow(InvalidLocalDateTimeError);
    expect(() => addDays('9999-12-31', 1)).toThrow(InvalidLocalDateTimeError);
    expect(() => addDays('0001-01-01', -1)).toThrow(InvalidLocalDateTimeError);
  });
});
