import { DomainError } from './domain-error';
import { parseShifts, Shift } from './shift';
import { DuplicateShiftError, InvalidShiftError } from './shift.errors';
import { InvalidTimeZoneError } from './zoned-time';

const SAO_PAULO = 'America/Sao_Paulo';

function shiftError(text: string): InvalidShiftError {
  try {
    Shift.parse(text);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidShiftError);
    return error as InvalidShiftError;
  }
  throw new Error(`expected "${text}" to be refused`);
}

describe('Shift.parse', () => {
  it('reads "day-start-end-index"', () => {
    const shift = Shift.parse('2026-12-01-08:00-17:00-0');
    expect(shift).toMatchObject({ day: '2026-12-01', start: '08:00', end: '17:00', index: 0, overnight: false });
  });

  it.each([
    '2026-12-01-08:00-17:00-0',
    '2026-12-01-00:00-23:59-1',
    '2026-12-01-23:59-00:00-12',
    '2026-12-01-08:00-17:00-999999',
    '2028-02-29-08:00-17:00-0',
  ])('"toString: canonical text, equal to the input for valid input": %s', (text) => {
    expect(Shift.parse(text).toString()).toBe(text);
    expect(`${Shift.parse(text)}`).toBe(text);
  });

  it('"day is a real calendar date": the leap day 2028-02-29 is', () => {
    expect(Shift.parse('2028-02-29-08:00-17:00-0').day).toBe('2028-02-29');
  });

  it.each([
    ['2026-02-30-08:00-17:00-0', 'day is not a calendar date'],
    ['2026-02-29-08:00-17:00-0', 'day is not a calendar date'],
    ['2026-13-01-08:00-17:00-0', 'day is not a calendar date'],
    ['2026-12-1-08:00-17:00-0', 'day is not a calendar date'],
    [' 2026-12-01-08:00-17:00-0', 'day is not a calendar date'],
    ['2026-12-01 -08:00-17:00-0', 'day is not a calendar date'],
    ['2026-12-01-24:00-17:00-0', 'start is not a time HH:MM (00:00-23:59)'],
    ['2026-12-01-8:00-17:00-0', 'start is not a time HH:MM (00:00-23:59)'],
    ['2026-12-01-08:60-17:00-0', 'start is not a time HH:MM (00:00-23:59)'],
    ['2026-12-01-08:00:00-17:00-0', 'start is not a time HH:MM (00:00-23:59)'],
    ['2026-12-01- 08:00-17:00-0', 'start is not a time HH:MM (00:00-23:59)'],
    ['2026-12-01-08:00-24:00-0', 'end is not a time HH:MM (00:00-23:59)'],
    ['2026-12-01-08:00-1700-0', 'end is not a time HH:MM (00:00-23:59)'],
    ['2026-12-01-08:00-17:00--1', 'index is not a non-negative integer of at most 6 digits without leading zeros'],
    ['2026-12-01-08:00-17:00-+1', 'index is not a non-negative integer of at most 6 digits without leading zeros'],
    ['2026-12-01-08:00-17:00-01', 'index is not a non-negative integer of at most 6 digits without leading zeros'],
    ['2026-12-01-08:00-17:00-00', 'index is not a non-negative integer of at most 6 digits without leading zeros'],
    ['2026-12-01-08:00-17:00-1000000', 'index is not a non-negative integer of at most 6 digits without leading zeros'],
    ['2026-12-01-08:00-17:00-1.0', 'index is not a non-negative integer of at most 6 digits without leading zeros'],
    ['2026-12-01-08:00-17:00-1e3', 'index is not a non-negative integer of at most 6 digits without leading zeros'],
    ['2026-12-01-08:00-17:00-', 'index is not a non-negative integer of at most 6 digits without leading zeros'],
    ['2026-12-01-08:00-17:00-0 ', 'index is not a non-negative integer of at most 6 digits without leading zeros'],
    ['2026-12-01-08:00-08:00-0', 'start equals end'],
  ])('"%s" is refused: "%s"', (text, reason) => {
    const error = shiftError(text);
    expect(error).toMatchObject({ kind: 'invalid', code: 'INVALID_SHIFT', shift: text, reason });
    expect(error).toBeInstanceOf(DomainError);
    expect(error.message).toBe(`Invalid shift "${text}": ${reason}`);
  });

  it.each([
    '',
    '   ',
    '2026-12-01',
    '2026-12-01-08:00',
    '2026-12-01-08:00-17:00',
    '2026-12-01-08:00-17:00-0-1',
    '2026-12-01-08:00-17:00-0--1',
    '2026-12-01--08:00-17:00-0',
    '2026-12-01-08:00--17:00-0',
    '2026-12-01-08:00-17:00-0-1-2',
    '2026-12-01T08:00-17:00-0',
  ])('"exactly that shape: missing parts or extra dashes are invalid": %p', (text) => {
    expect(shiftError(text).reason).toBe('expected day-start-end-index, e.g. 2026-12-01-08:00-17:00-0');
  });

  it('"Invalid shift "2026-02-30-08:00-17:00-0": day is not a calendar date"', () => {
    expect(() => Shift.parse('2026-02-30-08:00-17:00-0')).toThrow('Invalid shift "2026-02-30-08:00-17:00-0": day is not a calendar date');
  });
});

describe('Shift times', () => {
  it('"startsAt uses zonedDateTimeToUtc" and endsAt the same day', () => {
    const shift = Shift.parse('2026-12-01-08:00-17:00-0');
    expect(shift.startsAt(SAO_PAULO).toISOString()).toBe('2026-12-01T11:00:00.000Z');
    expect(shift.endsAt(SAO_PAULO).toISOString()).toBe('2026-12-01T20:00:00.000Z');
    expect(shift.startsAt('UTC').toISOString()).toBe('2026-12-01T08:00:00.000Z');
  });

  it('"overnight: end before start: the shift ends the next day"', () => {
    const shift = Shift.parse('2026-12-01-22:00-06:00-0');
    expect(shift.overnight).toBe(true);
    expect(shift.startsAt(SAO_PAULO).toISOString()).toBe('2026-12-02T01:00:00.000Z');
    expect(shift.endsAt(SAO_PAULO).toISOString()).toBe('2026-12-02T09:00:00.000Z');
  });

  it('"overnight" across the year end and the leap day', () => {
    expect(Shift.parse('2026-12-31-22:00-06:00-0').endsAt('UTC').toISOString()).toBe('2027-01-01T06:00:00.000Z');
    expect(Shift.parse('2028-02-28-23:00-01:00-0').endsAt('UTC').toISOString()).toBe('2028-02-29T01:00:00.000Z');
    expect(Shift.parse('2028-02-29-23:00-01:00-0').endsAt('UTC').toISOString()).toBe('2028-03-01T01:00:00.000Z');
  });

  it('"a shift one minute long" is not overnight; one ending a minute before it starts is', () => {
    expect(Shift.parse('2026-12-01-08:00-08:01-0').overnight).toBe(false);
    expect(Shift.parse('2026-12-01-08:01-08:00-0').overnight).toBe(true);
  });

  it('"right across DST changes": the wall times are read in the zone of each day', () => {
    const overnight = Shift.parse('2018-11-03-22:00-06:00-0');
    expect(overnight.startsAt(SAO_PAULO).toISOString()).toBe('2018-11-04T01:00:00.000Z');
    expect(overnight.endsAt(SAO_PAULO).toISOString()).toBe('2018-11-04T08:00:00.000Z');

    const berlin = Shift.parse('2026-03-29-01:00-04:00-0');
    expect(berlin.endsAt('Europe/Berlin').getTime() - berlin.startsAt('Europe/Berlin').getTime()).toBe(2 * 3_600_000);
  });

  it('"the time zone must be IANA"', () => {
    expect(() => Shift.parse('2026-12-01-08:00-17:00-0').startsAt('Nowhere/Land')).toThrow(InvalidTimeZoneError);
  });
});

describe('parseShifts', () => {
  it('"parses each"', () => {
    const texts = ['2026-12-01-08:00-17:00-0', '2026-12-01-18:00-22:00-1', '2026-12-02-08:00-17:00-0'];
    expect(parseShifts(texts).map(String)).toEqual(texts);
    expect(parseShifts([])).toEqual([]);
  });

  it('"throws DuplicateShiftError when two share day and index"', () => {
    const texts = ['2026-12-01-08:00-17:00-0', '2026-12-02-08:00-17:00-0', '2026-12-01-18:00-22:00-0'];
    let error: unknown;
    try {
      parseShifts(texts);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DuplicateShiftError);
    expect(error).toMatchObject({
      kind: 'invalid',
      code: 'DUPLICATE_SHIFT',
      first: '2026-12-01-08:00-17:00-0',
      second: '2026-12-01-18:00-22:00-0',
      day: '2026-12-01',
      index: 0,
    });
    expect((error as Error).message).toBe(
      'Shifts "2026-12-01-08:00-17:00-0" and "2026-12-01-18:00-22:00-0" share day 2026-12-01 and index 0',
    );
  });

  it('"throws InvalidShiftError" for any invalid text', () => {
    expect(() => parseShifts(['2026-12-01-08:00-17:00-0', '2026-02-30-08:00-17:00-1'])).toThrow(InvalidShiftError);
  });
});
