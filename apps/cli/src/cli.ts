import { ConfigError } from '@mwr/config';
import { DomainError } from '@mwr/domain';
import { SeedRefusedError } from '@mwr/seed';
import { ArgumentError, UsageError } from './arguments';
import { type ClientsCommand, parseClients } from './commands/clients';
import { type DbCommand, parseDb } from './commands/db';
import { type ParticipantsCommand, parseMissions, parseParticipants } from './commands/participants';
import { parseRegisters, type RegistersCommand } from './commands/registers';
import { parseSeed, type SeedCommand } from './commands/seed';

export type CliCommand = ClientsCommand | DbCommand | ParticipantsCommand | RegistersCommand | SeedCommand;

export const USAGE = `Usage: npm run cli -- <command> [options]

Client accounts:
  clients create --name <name>        create one; prints its client id and secret (shown only once)
  clients list                        list them (never their secrets)
  clients revoke <clientId>           revoke one

Database:
  db migrate                          apply the pending migrations
  db rebuild-listings                 rebuild listing rows and count aggregates from the data (a repair)

Participants and registers, acting for one account (--client-id <clientId> is required):
  missions accept <mbKey> --user-name <name> [--buffer] [--shift <day-start-end-index>] [--needs-estimate]
  participants approve-estimate <muKey>
  participants schedule <muKey> --for <date-time>
  participants check-in <muKey> [--token <token>] [--at <date-time>]
  participants check-out <muKey> (--complete | --incomplete) [--at <date-time>]
  participants reject|expire|quit|remove <muKey>
  participants rate <muKey> --rating <1..5> [--message <text>]
  registers submit <muKey> --identifier <text>
  registers approve|reprove <muKey>

Demo data, for one account:
  seed --client-id <clientId> [--missions <N>] [--seed <S>]
                                      fill the account with generated, realistic data for every
                                      report: demands, missions, participants in every status,
                                      registers, form answers, point-of-sale records, collections and
                                      deliveries. N missions, 1..1000000 (default 200); seed S,
                                      0..4294967295 (default 1): the same S and N give the same names,
                                      dates and statuses. Every run ADDS a new batch (its own catalog,
                                      fresh MB/MU keys); nothing is updated or deleted, and no other
                                      account is read or written. Written in chunks of about 1000
                                      missions, one transaction each: an interrupted run keeps the
                                      chunks it committed. Prints counts per table and status.

Date-times are ISO 8601 with an offset, e.g. 2026-11-21T09:00:00-03:00; --at defaults to now.
Without DATABASE_URL the embedded database under DATA_DIR is used, shared with a running service.
Prints one JSON document on stdout. Errors: "error: <message>" on stderr, exit 1; usage errors exit 2.
`;

/** Commands without a subcommand. */
const COMMANDS: Readonly<Record<string, (args: readonly string[]) => CliCommand>> = {
  seed: parseSeed,
};

const GROUPS: Readonly<Record<string, (verb: string, args: readonly string[]) => CliCommand>> = {
  clients: parseClients,
  db: parseDb,
  missions: parseMissions,
  participants: parseParticipants,
  registers: parseRegisters,
};

/** `help`, or the command to run; throws UsageError or ArgumentError. */
export function parseInvocation(argv: readonly string[]): CliCommand | 'help' {
  const end = argv.indexOf('--');
  const options = end === -1 ? argv : argv.slice(0, end);
  if (argv.length === 0 || options.includes('--help') || options.includes('-h') || argv[0] === 'help') return 'help';
  const [group, verb, ...args] = argv;
  if (Object.hasOwn(COMMANDS, group)) return COMMANDS[group](argv.slice(1));
  const parse = Object.hasOwn(GROUPS, group) ? GROUPS[group] : undefined;
  if (!parse) throw new UsageError(`unknown command "${group}"`);
  if (verb === undefined || verb.startsWith('-')) throw new UsageError(`missing subcommand after "${group}"`);
  return parse(verb, args);
}

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Set (DEBUG) to print the stack of unexpected errors. */
  debug?: boolean;
}

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** Parses, runs and prints; answers the exit code. `execute` is where the database comes in. */
export async function runCli(argv: readonly string[], io: CliIo, execute: (command: CliCommand) => Promise<unknown>): Promise<number> {
  try {
    const command = parseInvocation(argv);
    if (command === 'help') {
      io.stdout(USAGE);
      return EXIT_OK;
    }
    io.stdout(`${JSON.stringify(await execute(command), null, 2)}\n`);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`error: ${error.message}\n\n${USAGE}`);
      return EXIT_USAGE;
    }
    io.stderr(`error: ${describe(error)}\n`);
    if (io.debug && !isExpected(error) && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
    return EXIT_FAILED;
  }
}

// Errors that carry a message meant for the user; anything else is a failure worth a stack in DEBUG.
function isExpected(error: unknown): boolean {
  return (
    error instanceof DomainError || error instanceof ConfigError || error instanceof ArgumentError || error instanceof SeedRefusedError
  );
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && !error.message) {
    // pg reports a refused connection to every address of a host as an AggregateError without a message.
    return error.errors.map((inner: unknown) => describe(inner)).join('; ');
  }
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
