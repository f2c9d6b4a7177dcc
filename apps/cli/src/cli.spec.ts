import { ConfigError } from '@mwr/config';
import { InvalidTransitionError, MissionStatus, NotFoundError } from '@mwr/domain';
import { ArgumentError, UsageError } from './arguments';
import { type CliCommand, commandPaths, EXIT_FAILED, EXIT_OK, EXIT_USAGE, parseInvocation, runCli } from './cli';

const C = ['--client-id', 'cl_1'];

const helpOf = (argv: string[]) => {
  const invocation = parseInvocation(argv);
  if (!('help' in invocation)) throw new Error(`${JSON.stringify(argv)} did not ask for help`);
  return invocation.help;
};

const EVERY_COMMAND = [
  'clients',
  'clients create',
  'clients list',
  'clients revoke',
  'db',
  'db migrate',
  'db rebuild-listings',
  'missions',
  'missions accept',
  'participants',
  'participants approve-estimate',
  'participants schedule',
  'participants check-in',
  'participants check-out',
  'participants reject',
  'participants expire',
  'participants quit',
  'participants remove',
  'participants rate',
  'registers',
  'registers submit',
  'registers approve',
  'registers reprove',
  'pdv',
  'pdv done',
  'deliveries',
  'deliveries finish',
  'webhooks',
  'webhooks add',
  'webhooks list',
  'webhooks remove',
  'webhooks deliveries',
  'webhooks redeliver',
  'webhooks listen',
  'seed',
];

describe('parseInvocation', () => {
  it.each([[[]], [['--help']], [['-h']], [['help']]])('%j asks for the overall help', (argv) => {
    const help = helpOf(argv);
    expect(help).toMatch(/^Usage: npm run -s cli -- \[options\] \[command\]\n/);
    for (const group of ['clients', 'db', 'missions', 'participants', 'registers', 'pdv', 'deliveries', 'webhooks', 'seed']) expect(help).toMatch(new RegExp(`^  ${group} `, 'm'));
    expect(help).toContain('a usage error exits 2, any other failure 1');
  });

  it('has exactly these commands', () => {
    expect(commandPaths()).toEqual(EVERY_COMMAND);
  });

  it.each(EVERY_COMMAND)('"%s --help", "%s -h" and "help %s" show that command\'s own help', (path) => {
    const words = path.split(' ');
    const help = helpOf([...words, '--help']);
    expect(help).toMatch(new RegExp(`^Usage: npm run -s cli -- ${path} `));
    expect(helpOf([...words, '-h'])).toBe(help);
    if (words.length === 1) expect(helpOf(['help', ...words])).toBe(help);
  });

  it('lists every option of a command in its help', () => {
    const help = helpOf(['missions', 'accept', '--help']);
    for (const option of ['--client-id <clientId>', '--user-name <name>', '--buffer', '--shift <day-start-end-index>', '--needs-estimate']) {
      expect(help).toContain(option);
    }
    expect(help).toContain('<mbKey>');
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
    [['pdv', 'done', 'P1', ...C], { group: 'pdv', verb: 'done', clientId: 'cl_1', pdvId: 'P1', at: null }],
    [
      ['deliveries', 'finish', 'D1', ...C, '--at', '2026-12-01T10:00Z'],
      { group: 'deliveries', verb: 'finish', clientId: 'cl_1', deliveryId: 'D1', at: new Date('2026-12-01T10:00Z') },
    ],
    [['webhooks', 'add', 'https://x.example/in', ...C], { group: 'webhooks', verb: 'add', clientId: 'cl_1', url: 'https://x.example/in', events: null }],
    [
      ['webhooks', 'add', 'https://x.example/in', ...C, '--events', 'pdv.done,delivery.finished'],
      { group: 'webhooks', verb: 'add', clientId: 'cl_1', url: 'https://x.example/in', events: ['pdv.done', 'delivery.finished'] },
    ],
    [['webhooks', 'list', ...C], { group: 'webhooks', verb: 'list', clientId: 'cl_1' }],
    [['webhooks', 'remove', 'W1', ...C], { group: 'webhooks', verb: 'remove', clientId: 'cl_1', webhookId: 'W1' }],
    [['webhooks', 'deliveries', 'W1', ...C], { group: 'webhooks', verb: 'deliveries', clientId: 'cl_1', webhookId: 'W1', page: 1, itemsPerPage: 10 }],
    [
      ['webhooks', 'deliveries', 'W1', ...C, '--page', '3', '--items-per-page', '50'],
      { group: 'webhooks', verb: 'deliveries', clientId: 'cl_1', webhookId: 'W1', page: 3, itemsPerPage: 50 },
    ],
    [['webhooks', 'redeliver', 'W1', 'E1', ...C], { group: 'webhooks', verb: 'redeliver', clientId: 'cl_1', webhookId: 'W1', eventId: 'E1' }],
  ])('%j', (argv, expected) => {
    expect(parseInvocation(argv)).toEqual({ command: expected });
  });

  it('takes what follows -- as arguments, even when it looks like an option', () => {
    expect(parseInvocation(['clients', 'revoke', '--', '--odd-id'])).toEqual({ command: { group: 'clients', verb: 'revoke', clientId: '--odd-id' } });
  });

  it('takes an option in either form, and the last of a repeated one', () => {
    expect(parseInvocation(['clients', 'create', '--name=Acme'])).toEqual({ command: { group: 'clients', verb: 'create', name: 'Acme' } });
    expect(parseInvocation(['clients', 'create', '--name', 'A', '--name', 'B'])).toEqual({ command: { group: 'clients', verb: 'create', name: 'B' } });
  });

  it.each([
    [['nope'], "unknown command 'nope'"],
    [['toString', 'x'], "unknown command 'toString'"],
    [['--nope'], "unknown option '--nope'"],
    [['clients'], 'clients: missing command, one of: create, list, revoke'],
    [['clients', '--name', 'x'], "clients: unknown option '--name'"],
    [['clients', 'delete', 'cl_1'], "clients: unknown command 'delete'"],
    [['clients', 'create'], "clients create: required option '--name <name>' not specified"],
    [['clients', 'create', '--name'], "clients create: option '--name <name>' argument missing"],
    [['clients', 'list', 'extra'], 'clients list: too many arguments'],
    [['clients', 'revoke'], "clients revoke: missing required argument 'clientId'"],
    [['db', 'reset'], "db: unknown command 'reset'"],
    [['missions', 'accept', 'MB1', '--user-name', 'Ana'], "missions accept: required option '--client-id <clientId>' not specified"],
    [['missions', 'accept', 'MB1', ...C], "missions accept: required option '--user-name <name>' not specified"],
    [['missions', 'accept', 'MB1', ...C, '--user-name', 'Ana', '--buffer=yes'], "missions accept: unknown option '--buffer=yes'"],
    [['participants', 'dance', 'MU1', ...C], "participants: unknown command 'dance'"],
    [['participants', 'constructor', 'MU1', ...C], "participants: unknown command 'constructor'"],
    [['participants', 'check-in', ...C], "participants check-in: missing required argument 'muKey'"],
    [['participants', 'check-out', 'MU1', ...C], 'participants check-out: give exactly one of --complete and --incomplete'],
    [['participants', 'check-out', 'MU1', ...C, '--complete', '--incomplete'], 'give exactly one of --complete and --incomplete'],
    [['participants', 'schedule', 'MU1', ...C], "participants schedule: required option '--for <date-time>' not specified"],
    [['participants', 'reject', 'MU1', ...C, '--at', '2026-12-01T10:00Z'], "participants reject: unknown option '--at'"],
    [['participants', 'rate', 'MU1', ...C], "participants rate: required option '--rating <1..5>' not specified"],
    [['registers', 'submit', 'MU1', ...C], "registers submit: required option '--identifier <text>' not specified"],
    [['registers', 'review', 'MU1', ...C], "registers: unknown command 'review'"],
    [['webhooks', 'add', ...C], "webhooks add: missing required argument 'url'"],
    [['webhooks', 'list'], "webhooks list: required option '--client-id <clientId>' not specified"],
    [['webhooks', 'redeliver', 'W1', ...C], "webhooks redeliver: missing required argument 'eventId'"],
    [['pdv', 'done', ...C], "pdv done: missing required argument 'pdvId'"],
  ])('%j is a usage error', (argv, message) => {
    expect(() => parseInvocation(argv)).toThrow(UsageError);
    expect(() => parseInvocation(argv)).toThrow(message);
  });

  it.each([
    [['clinets', 'list'], "unknown command 'clinets' (Did you mean clients?)"],
    [['clients', 'lst'], "clients: unknown command 'lst' (Did you mean list?)"],
    [['participants', 'checkin', 'MU1', ...C], "participants: unknown command 'checkin' (Did you mean check-in?)"],
    [['participants', 'check-in', 'MU1', ...C, '--tokn', 'T-1'], "participants check-in: unknown option '--tokn' (Did you mean --token?)"],
    [['seed', ...C, '--missons', '5'], "seed: unknown option '--missons' (Did you mean --missions?)"],
  ])('%j: a typo gets a suggestion, on the same line', (argv, message) => {
    expect(() => parseInvocation(argv)).toThrow(new UsageError(message));
  });

  it.each([
    [['participants', 'check-in', 'MU1', ...C, '--at', '2026-12-01T10:00:00'], '--at must be an ISO 8601 date-time with offset'],
    [['participants', 'schedule', 'MU1', ...C, '--for', 'tomorrow'], '--for must be an ISO 8601 date-time with offset'],
    [['participants', 'rate', 'MU1', ...C, '--rating', 'five'], '--rating must be an integer'],
    [['webhooks', 'deliveries', 'W1', ...C, '--page', '0'], '--page must be an integer from 1'],
    [['webhooks', 'deliveries', 'W1', ...C, '--items-per-page', '51'], '--items-per-page must be an integer from 1 to 50'],
    [['deliveries', 'finish', 'D1', ...C, '--at', 'now'], '--at must be an ISO 8601 date-time with offset'],
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

  it('prints the usage on stdout for no command at all and for help, exit 0, without executing anything', async () => {
    const execute = jest.fn();
    const usage = helpOf([]);
    expect(await run([], execute)).toEqual({ code: EXIT_OK, stdout: usage, stderr: '' });
    expect(await run(['--help'], execute)).toEqual({ code: EXIT_OK, stdout: usage, stderr: '' });
    expect(await run(['seed', '--help'], execute)).toEqual({ code: EXIT_OK, stdout: helpOf(['seed', '--help']), stderr: '' });
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

  it.each([[['nope']], [['clients']], [['clients', 'create']], [['clinets', 'list']], [['participants', 'check-out', 'MU1', ...C]]])(
    'answers the usage error %j with one line on stderr, exit 2, without executing',
    async (argv) => {
      const execute = jest.fn();
      const result = await run(argv, execute);
      expect(result).toEqual({ code: EXIT_USAGE, stdout: '', stderr: expect.stringMatching(/^error: [^\n]+\n$/) });
      expect(execute).not.toHaveBeenCalled();
    },
  );

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
