import { ArgumentError, instantOption, integerOption, parseCommand, UsageError } from './arguments';

describe('parseCommand', () => {
  const spec = { name: 'things do', positionals: ['key'], strings: ['client-id', 'at'], flags: ['fast'] };

  it('reads positionals, options in either form, and flags', () => {
    const parsed = parseCommand(['k1', '--client-id', 'c1', '--at=2026-01-01T00:00Z', '--fast'], spec);
    expect(parsed.positionals).toEqual(['k1']);
    expect(parsed.required('client-id')).toBe('c1');
    expect(parsed.option('at')).toBe('2026-01-01T00:00Z');
    expect(parsed.flag('fast')).toBe(true);
  });

  it('answers undefined and false for options not given, and a usage error for a missing required one', () => {
    const parsed = parseCommand(['k1'], spec);
    expect(parsed.option('at')).toBeUndefined();
    expect(parsed.flag('fast')).toBe(false);
    expect(() => parsed.required('client-id')).toThrow(new UsageError('things do: missing option --client-id'));
  });

  it.each([
    [[], 'things do: missing argument <key>'],
    [['k1', 'k2'], 'things do: unexpected argument "k2"'],
    [['k1', '--nope'], "Unknown option '--nope'"],
    [['k1', '--client-id'], "Option '--client-id <value>' argument missing"],
    [['k1', '--fast=yes'], "Option '--fast' does not take an argument"],
  ])('refuses %j as a usage error', (args, message) => {
    expect(() => parseCommand(args, spec)).toThrow(UsageError);
    expect(() => parseCommand(args, spec)).toThrow(message);
  });

  it('takes arguments after -- as positionals, even when they look like options', () => {
    expect(parseCommand(['--', '--odd-key'], spec).positionals).toEqual(['--odd-key']);
  });
});

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
