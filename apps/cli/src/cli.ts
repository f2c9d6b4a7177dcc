import { ConfigError } from '@mwr/config';
import { DomainError } from '@mwr/domain';
import { SeedRefusedError } from '@mwr/seed';
import { Command, CommanderError } from 'commander';
import { ArgumentError, UsageError } from './arguments';
import { type ClientsCommand, defineClients } from './commands/clients';
import { type DbCommand, defineDb } from './commands/db';
import { defineFieldWork, type FieldWorkCommand } from './commands/field-work';
import { defineMissions, defineParticipants, type ParticipantsCommand } from './commands/participants';
import { defineRegisters, type RegistersCommand } from './commands/registers';
import { defineSeed, type SeedCommand } from './commands/seed';
import { defineWebhooks, type WebhooksCommand } from './commands/webhooks';

export type CliCommand = ClientsCommand | DbCommand | ParticipantsCommand | RegistersCommand | FieldWorkCommand | WebhooksCommand | SeedCommand;

/** What a command line asks for: a command to run, or help, already written out. */
export type Invocation = { command: CliCommand } | { help: string };

/** How a person runs it; npm's `-s` keeps npm's own banner off stdout, which carries only JSON. */
export const PROGRAM_NAME = 'npm run -s cli --';

const NOTES = `
Date-times are ISO 8601 with an offset, e.g. 2026-11-21T09:00:00-03:00.
Without DATABASE_URL the embedded database under DATA_DIR is used, shared with a running service.
Every command prints one JSON document on stdout. Errors are one line "error: <message>" on
stderr; a usage error exits 2, any other failure 1. Every command has --help.`;

class HelpShown extends Error {}

/** Commander's message on one line, naming the command it is about. */
function usageError(error: CommanderError, command: Command): UsageError {
  const path = commandPath(command);
  let message = error.message.replace(/^error: /, '').replace(/\n\((Did you mean .+\?)\)$/, ' ($1)');
  if (error.code === 'commander.help') message = `missing command, one of: ${command.commands.map((sub) => sub.name()).join(', ')}`;
  return new UsageError(path ? `${path}: ${message}` : message);
}

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return names.join(' ');
}

function everyCommand(command: Command): Command[] {
  return [command, ...command.commands.flatMap(everyCommand)];
}

function buildProgram(emit: (command: CliCommand) => void, writeOut: (text: string) => void): Command {
  const program = new Command(PROGRAM_NAME)
    .description('Client accounts, the database, participants, field work, webhooks and demo data of the Mission Workforce and Results service.')
    .addHelpText('after', NOTES);
  defineClients(program, emit);
  defineDb(program, emit);
  defineMissions(program, emit);
  defineParticipants(program, emit);
  defineRegisters(program, emit);
  defineFieldWork(program, emit);
  defineWebhooks(program, emit);
  defineSeed(program, emit);
  for (const command of everyCommand(program)) {
    // Errors are written once, by runCli, on one line; only help reaches the output here.
    command.configureOutput({ writeOut, writeErr: () => undefined, outputError: () => undefined });
    command.exitOverride((error) => {
      if (error.exitCode === 0) throw new HelpShown();
      throw usageError(error, command);
    });
  }
  return program;
}

/** Parses a command line; throws UsageError or ArgumentError. With no arguments at all, the help. */
export function parseInvocation(argv: readonly string[]): Invocation {
  let help = '';
  let parsed: CliCommand | undefined;
  const program = buildProgram(
    (command) => (parsed = command),
    (text) => (help += text),
  );
  if (argv.length === 0) {
    program.outputHelp();
    return { help };
  }
  try {
    program.parse([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof HelpShown) return { help };
    throw error;
  }
  if (parsed === undefined) throw new UsageError('no command given');
  return { command: parsed };
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
    const invocation = parseInvocation(argv);
    if ('help' in invocation) {
      io.stdout(invocation.help);
      return EXIT_OK;
    }
    io.stdout(`${JSON.stringify(await execute(invocation.command), null, 2)}\n`);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`error: ${error.message}\n`);
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

/** Every command and subcommand, as typed after the program name: what `--help` is available on. */
export function commandPaths(): string[] {
  const program = buildProgram(
    () => undefined,
    () => undefined,
  );
  return everyCommand(program)
    .map(commandPath)
    .filter((path) => path !== '');
}
