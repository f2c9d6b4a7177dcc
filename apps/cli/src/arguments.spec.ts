import { ArgumentError, instantOption, integerOption } from './arguments';

describe('instantOption', () => {
  it('reads an ISO 8601 date-time with offset as an instant', () => {
    expect(instantOption('2026-11-21T09:00:00-03:00', 'at')).toEqual(new Date('2026-11-21T12:00:00Z'));
  });

  it.each(['2026-11-21T09:00:00', '2026-11-21', '2026-02-30T09:00Z', 'now'])('refuses %s naming the option', (text) => {
    expect(() => instantOption(text, 'at')).toThrow(new ArgumentError('--at must be an ISO 8601 date-time with offset'));
  });
});

describe('integerOption', () => {
  it('reads integers, leaving the range to the domain', () => {
    expect(integerOption('5', 'rating')).toBe(5);
    expect(integerOption('-1', 'rating')).toBe(-1);
  });

  it.each(['', '4.5', 'five', '1e1'])('refuses %j', (text) => {
    expect(() => integerOption(text, 'rating')).toThrow(new ArgumentError('--rating must be an integer'));
  });
});
