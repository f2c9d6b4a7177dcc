import { parseArgs } from 'node:util';
import { isIsoDateTimeWithOffset } from '@mwr/domain';

/** The command line does not name a command or misses a part of one: exit 2 with the usage. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A complete command with a malformed value: exit 1, like any refused command. */
export class ArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArgumentError';
  }
}

export interface CommandSpec {
  /** How usage errors name the command, e.g. `participants check-in`. */
  name: string;
  positionals?: readonly string[];
  /** Options that take a value. */
  strings?: readonly string[];
  /** Options that take none. */
  flags?: readonly string[];
}

export interface ParsedCommand {
  positionals: string[];
  option(name: string): string | undefined;
  required(name: string): string;
  flag(name: string): boolean;
}

/** Parses one command's arguments strictly: unknown options and extra arguments are usage errors. */
export function parseCommand(args: readonly string[], spec: CommandSpec): ParsedCommand {
  const options = Object.fromEntries([
    ...(spec.strings ?? []).map((name) => [name, { type: 'string' as const }]),
    ...(spec.flags ?? []).map((name) => [name, { type: 'boolean' as const }]),
  ]);
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...args], options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(`${spec.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const expected = spec.positionals ?? [];
  if (parsed.positionals.length < expected.length) {
    throw new UsageError(`${spec.name}: missing argument <${expected[parsed.positionals.length]}>`);
  }
  if (parsed.positionals.length > expected.length) {
    throw new UsageError(`${spec.name}: unexpected argument "${parsed.positionals[expected.length]}"`);
  }
  const { values } = parsed;
  const option = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    positionals: parsed.positionals,
    option,
    required(name) {
      const value = option(name);
      if (value === undefined) throw new UsageError(`${spec.name}: missing option --${name}`);
      return value;
    },
    flag: (name) => values[name] === true,
  };
}

/** A date-time given on the command line; an offset is required so the instant is never guessed. */
export function instantOption(value: string, option: string): Date {
  if (!isIsoDateTimeWithOffset(value)) throw new ArgumentError(`--${option} must be an ISO 8601 date-time with offset`);
  return new Date(value);
}

/** Only the shape is checked here; the domain decides which integers are allowed. */
export function integerOption(value: string, option: string): number {
  if (!/^-?\d+$/.test(value)) throw new ArgumentError(`--${option} must be an integer`);
  return Number(value);
}
