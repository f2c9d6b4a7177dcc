import { isIsoDateTimeWithOffset } from '@mwr/domain';

/** The command line does not name a command or misses a part of one: exit 2, one line on stderr. */
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

/** Receives the command a parsed command line asks for. */
export type Emit<T> = (command: T) => void;

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
