import { ArgumentError, UsageError } from '../arguments';
import { parseInvocation } from '../cli';

describe('seed command line', () => {
  it.each([
    [['seed', '--client-id', 'cl_1'], { group: 'seed', clientId: 'cl_1', missions: 200, seed: 1 }],
    [['seed', '--client-id', 'cl_1', '--missions', '1000000', '--seed', '0'], { group: 'seed', clientId: 'cl_1', missions: 1_000_000, seed: 0 }],
    [['seed', '--seed', '4294967295', '--missions', '1', '--client-id', 'cl_1'], { group: 'seed', clientId: 'cl_1', missions: 1, seed: 4_294_967_295 }],
  ])('%j', (argv, expected) => {
    expect(parseInvocation(argv)).toEqual({ command: expected });
  });

  it.each([
    [['seed'], "seed: required option '--client-id <clientId>' not specified"],
    [['seed', '--missions', '5'], "seed: required option '--client-id <clientId>' not specified"],
    [['seed', '--client-id', 'cl_1', 'extra'], 'seed: too many arguments'],
    [['seed', '--client-id', 'cl_1', '--force'], "seed: unknown option '--force'"],
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

  it('has help like every command, which says a second run adds a batch', () => {
    const invocation = parseInvocation(['seed', '--help']);
    const help = 'help' in invocation ? invocation.help : '';
    for (const option of ['--client-id <clientId>', '--missions <N>', '--seed <S>']) expect(help).toContain(option);
    expect(help).toContain('Every run ADDS a new batch');
  });
});
