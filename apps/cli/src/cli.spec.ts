import { ConfigError } from '@mwr/config';
import { InvalidTransitionError, MissionStatus, NotFoundError } from '@mwr/domain';
import { ArgumentError, UsageError } from './arguments';
import { type CliCommand, EXIT_FAILED, EXIT_OK, EXIT_USAGE, parseInvocation, runCli, USAGE } from './cli';

const C = ['--client-id', 'cl_1'];

describe('parseInvocation', () => {
  it.each([[[]], [['--help']], [['-h']], [['help']], [['clients', 'create', '--help']]])('%j asks for help', (argv) => {
    expect(parseInvocation(argv)).toBe('help');
  });

  it.each<[string[], CliCommand]>([
    [['clients', 'create', '--name', 'Acme'], { group: 'clients', verb: 'create', name: 'Acme' }],
    [['clients', 'list'], { group: 'clients', verb: 'list' }],
    [['clients', 'revoke', 'cl_1'], { group: 'clients', verb: 'revoke', clientId: 'cl_1' }],
    [['db', 'migrate'], { group: 'db', verb: 'migrate' }],
    [
      ['missions', 'accept', 'MB1', ...C, '--user-name', 'Ana'],
      { group: 'missions', verb: 'accept', clientId: 'cl_1', mbKey: 'MB1', input: { userName: 'Ana', isBuffer: false, shift: null, needsEstimate: false } },
    ],
    [
      ['missions', 'accept', 'MB1', ...C, '--user-name', 'Ana', '--buffer', '--shift', '2026-12-01-08:00-12:00-0', '--needs-estimate'],
      {
        group: 'missions',
        verb: 'accept',
        clientId: 'cl_1',
        mbKey: 'MB1',
        input: { userName: 'Ana', isBuffer: true, shift: '2026-12-01-08:00-12:00-0', needsEstimate: true },
      },
    ],
    [['participants', 'approve-estimate', 'MU1', ...C], { group: 'participants', clientId: 'cl_1', muKey: 'MU1', action: { verb: 'approveEstimate' } }],
    [
      ['participants', 'schedule', 'MU1', ...C, '--for', '2026-12-01T09:00:00-03:00'],
      { group: 'participants', clientId: 'cl_1', muKey: 'MU1', action: { verb: 'schedule', for: new Date('2026-12-01T12:00:00Z') } },
    ],
    [['participants', 'check-in', 'MU1', ...C], { group: 'participants', clientId: 'cl_1', muKey: 'MU1', action: { verb: 'checkIn', tokenInput: null } }],
    [
      ['participants', 'check-in', 'MU1', ...C, '--token', 'T-1', '--at', '2026-12-01T08:05Z'],
      { group: 'participants', clientId: 'cl_1', muKey: 'MU1', action: { verb: 'checkIn', tokenInput: 'T-1', at: new Date('2026-12-01T08:05Z') } },
    ],
    [['participants', 'check-out', 'MU1', ...C, '--complete'], { group: 'participants', clientId: 'cl_1', muKey: 'MU1', action: { verb: 'checkOut', complete: true } }],
    [
      ['participants', 'check-out', 'MU1', ...C, '--incomplete', '--at', '2026-12-01T10:00Z'],
      { group: 'participants', clientId: 'cl_1', muKey: 'MU1', action: { verb: 'checkOut', complete: false, at: new Date('2026-12-01T10:00Z') } },
    ],
    [['participants', 'reject', 'MU1', ...C], { group: 'participants', clientId: 'cl_1', muKey: 'MU1', action: { verb: 'reject' } }],
    [['participants', 'expire', 'MU1', ...C], { group: 'participants', clientId: 'cl_1', muKey: 'MU1', action: { verb: 'expire' } }],
    [['participants', 'quit', 'MU1', ...C], { group: 'participants', clientId: 'cl_1', muKey: 'MU1', action: { verb: 'quit' } }],
    [['participants', 'remove', 'MU1', ...C], { group: 'participants', clientId: 'cl_1', muKey: 'MU1', action: { verb: 'remove' } }],
    [
      ['participants', 'rate', 'MU1', ...C, '--rating', '4', '--message', 'Good'],
      { group: 'participants', clientId: 'cl_1', muKey: 'MU1', action: { verb: 'rate', rating: 4, message: 'Good' } },
    ],
    [
      ['registers', 'submit', 'MU1', ...C, '--identifier', 'R-1'],
      { group: 'registers', verb: 'submit', clientId: 'cl_1', muKey: 'MU1', identifier: 'R-1' },
    ],
    [['registers', 'approve', 'MU1', ...C], { group: 'registers', verb: 'review', clientId: 'cl_1', muKey: 'MU1', outcome: 'APPROVED' }],
    [['registers', 'reprove', 'MU1', ...C], { group: 'registers', verb: 'review', clientId: 'cl_1', muKey: 'MU1', outcome: 'REPROVED' }],
  ])('%j', (argv, expected) => {
    expect(parseInvocation(argv)).toEqual(expected);
  });

  it.each([
    [['nope'], 'unknown command "nope"'],
    [['toString', 'x'], 'unknown command "toString"'],
    [['clients'], 'missing subcommand after "clients"'],
    [['clients', '--name', 'x'], 'missing subcommand after "clients"'],
    [['clients', 'delete', 'cl_1'], 'unknown command "clients delete"'],
    [['clients', 'create'], 'clients create: missing option --name'],
    [['clients', 'list', 'extra'], 'clients list: unexpected argument "extra"'],
    [['clients', 'revoke'], 'clients revoke: missing argument <clientId>'],
    [['db', 'reset'], 'unknown command "db reset"'],
    [['missions', 'accept', 'MB1', '--user-name', 'Ana'], 'missions accept: missing option --client-id'],
    [['missions', 'accept', 'MB1', ...C], 'missions accept: missing option --user-name'],
    [['participants', 'dance', 'MU1', ...C], 'unknown command "participants dance"'],
    [['participants', 'constructor', 'MU1', ...C], 'unknown command "participants constructor"'],
    [['participants', 'check-in', ...C], 'participants check-in: missing argument <muKey>'],
    [['participants', 'check-out', 'MU1', ...C], 'participants check-out: give exactly one of --complete and --incomplete'],
    [['participants', 'check-out', 'MU1', ...C, '--complete', '--incomplete'], 'give exactly one of --complete and --incomplete'],
    [['participants', 'schedule', 'MU1', ...C], 'participants schedule: missing option --for'],
    [['participants', 'reject', 'MU1', ...C, '--at', '2026-12-01T10:00Z'], "Unknown option '--at'"],
    [['participants', 'rate', 'MU1', ...C], 'participants rate: missing option --rating'],
    [['registers', 'submit', 'MU1', ...C], 'registers submit: missing option --identifier'],
    [['registers', 'review', 'MU1', ...C], 'unknown command "registers review"'],
  ])('%j is a usage error', (argv, message) => {
    expect(() => parseInvocation(argv)).toThrow(UsageError);
    expect(() => parseInvocation(argv)).toThrow(message);
  });

  it.each([
    [['participants', 'check-in', 'MU1', ...C, '--at', '2026-12-01T10:00:00'], '--at must be an ISO 8601 date-time with offset'],
    [['participants', 'schedule', 'MU1', ...C, '--for', 'tomorrow'], '--for must be an ISO 8601 date-time with offset'],
    [['participants', 'rate', 'MU1', ...C, '--rating', 'five'], '--rating must be an integer'],
  ])('%j is a bad value', (argv, message) => {
    expect(() => parseInvocation(argv)).toThrow(new ArgumentError(message));
  });
});

describe('runCli', () => {
  function run(argv: string[], execute: (command: CliCommand) => Promise<unknown> = async () => ({}), debug = false) {
    const out = { stdout: '', stderr: '' };
    const io = { stdout: (text: string) => (out.stdout += text), stderr: (text: string) => (out.stderr += text), debug };
    return runCli(argv, io, execute).then((code) => ({ code, ...out }));
  }

  it('prints the usage on stdout for help, exit 0, without executing anything', async () => {
    const execute = jest.fn();
    expect(await run([], execute)).toEqual({ code: EXIT_OK, stdout: USAGE, stderr: '' });
    expect(await run(['--help'], execute)).toEqual({ code: EXIT_OK, stdout: USAGE, stderr: '' });
    expect(execute).not.toHaveBeenCalled();
  });

  it('executes the parsed command and prints its result as one JSON document', async () => {
    const execute = jest.fn(async () => ({ clientId: 'cl_1', revoked: true }));
    const result = await run(['clients', 'revoke', 'cl_1'], execute);
    expect(execute).toHaveBeenCalledWith({ group: 'clients', verb: 'revoke', clientId: 'cl_1' });
    expect(result.code).toBe(EXIT_OK);
    expect(JSON.parse(result.stdout)).toEqual({ clientId: 'cl_1', revoked: true });
    expect(result.stderr).toBe('');
  });

  it('prints dates in JSON as ISO strings', async () => {
    const result = await run(['clients', 'list'], async () => [{ createdAt: new Date('2026-11-21T13:05:00Z') }]);
    expect(JSON.parse(result.stdout)).toEqual([{ createdAt: '2026-11-21T13:05:00.000Z' }]);
  });

  it('answers a usage error with the message and the usage on stderr, exit 2, without executing', async () => {
    const execute = jest.fn();
    expect(await run(['nope'], execute)).toEqual({ code: EXIT_USAGE, stdout: '', stderr: `error: unknown command "nope"\n\n${USAGE}` });
    expect(execute).not.toHaveBeenCalled();
  });

  it('answers a bad value with one error line, exit 1, without executing', async () => {
    const execute = jest.fn();
    const argv = ['participants', 'check-in', 'MU1', ...C, '--at', 'noon'];
    expect(await run(argv, execute)).toEqual({ code: EXIT_FAILED, stdout: '', stderr: 'error: --at must be an ISO 8601 date-time with offset\n' });
    expect(execute).not.toHaveBeenCalled();
  });

  it.each([
    ['a domain error', NotFoundError.participant('MU1'), 'error: No participant with MU key MU1\n'],
    [
      'a refused transition',
      new InvalidTransitionError(MissionStatus.STARTED, MissionStatus.SCHEDULED, 'schedule'),
      'error: Cannot schedule: transition from STARTED to SCHEDULED is not allowed\n',
    ],
    ['a configuration error', new ConfigError(['PORT must be an integer']), 'error: Invalid configuration:\n  - PORT must be an integer\n'],
    ['an unexpected error', new Error('connect ECONNREFUSED 127.0.0.1:5432'), 'error: connect ECONNREFUSED 127.0.0.1:5432\n'],
    ['an AggregateError without a message', new AggregateError([new Error('a refused'), new Error('b refused')]), 'error: a refused; b refused\n'],
    ['a thrown non-error', 'boom', 'error: boom\n'],
  ])('answers %s with one error line on stderr, exit 1', async (_kind, error, stderr) => {
    expect(await run(['clients', 'list'], () => Promise.reject(error))).toEqual({ code: EXIT_FAILED, stdout: '', stderr });
  });

  it('adds the stack of an unexpected error only in DEBUG', async () => {
    const error = new Error('bug');
    expect((await run(['clients', 'list'], () => Promise.reject(error), true)).stderr).toBe(`error: bug\n${error.stack}\n`);
    const domain = NotFoundError.participant('MU1');
    expect((await run(['clients', 'list'], () => Promise.reject(domain), true)).stderr).toBe('error: No participant with MU key MU1\n');
  });
});
