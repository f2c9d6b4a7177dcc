import { ArgumentError, UsageError } from '../arguments';
import { parseInvocation, USAGE } from '../cli';

describe('seed command line', () => {
  it.each([
    [['seed', '--client-id', 'cl_1'], { group: 'seed', clientId: 'cl_1', missions: 200, seed: 1 }],
    [['seed', '--client-id', 'cl_1', '--missions', '1000000', '--seed', '0'], { group: 'seed', clientId: 'cl_1', missions: 1_000_000, seed: 0 }],
    [['seed', '--seed', '4294967295', '--missions', '1', '--client-id', 'cl_1'], { group: 'seed', clientId: 'cl_1', missions: 1, seed: 4_294_967_295 }],
  ])('%j', (argv, expected) => {
    expect(parseInvocation(argv)).toEqual(expected);
  });

  it.each([
    [['seed'], 'seed: missing option --client-id'],
    [['seed', '--missions', '5'], 'seed: missing option --client-id'],
    [['seed', '--client-id', 'cl_1', 'extra'], 'seed: unexpected argument "extra"'],
    [['seed', '--client-id', 'cl_1', '--force'], "Unknown option '--force'"],
  ])('%j is a usage error', (argv, message) => {
    expect(() => parseInvocation(argv)).toThrow(UsageError);
    expect(() => parseInvocation(argv)).toThrow(message);
  });

  it.each([
    [['--missions', '0'], '--missions must be an integer from 1 to 1000000'],
    [['--missions', '1000001'], '--missions must be an integer from 1 to 1000000'],
    [['--missions', 'many'], '--missions must be an integer'],
    [['--seed=-1'], '--seed must be an integer from 0 to 4294967295'],
    [['--seed', '4294967296'], '--seed must be an integer from 0 to 4294967295'],
    [['--seed', '1.5'], '--seed must be an integer'],
  ])('%j is a bad value', (args, message) => {
    expect(() => parseInvocation(['seed', '--client-id', 'cl_1', ...args])).toThrow(new ArgumentError(message));
  });

  it('asks for help like every command, and the usage says a second run adds a batch', () => {
    expect(parseInvocation(['seed', '--help'])).toBe('help');
    expect(USAGE).toContain('seed --client-id <clientId> [--missions <N>] [--seed <S>]');
    expect(USAGE).toContain('Every run ADDS a new batch');
  });
});
