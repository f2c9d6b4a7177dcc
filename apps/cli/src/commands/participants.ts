import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  AcceptPlaceCommand,
  type AcceptPlaceInput,
  missionStatusName,
  type ParticipantAction,
  ParticipantProgressCommand,
  type ParticipantState,
} from '@mwr/domain';
import type { Command } from 'commander';
import { type Emit, instantOption, integerOption, UsageError } from '../arguments';
import { accountIdOf } from './scope';

export type ParticipantsCommand =
  | { group: 'missions'; verb: 'accept'; clientId: string; mbKey: string; input: AcceptPlaceInput }
  | { group: 'participants'; clientId: string; muKey: string; action: ParticipantAction };

const MU_KEY = "MU key of the participant's record";
const CLIENT_ID = 'the account the mission belongs to';
const AT = 'when it happened, an ISO 8601 date-time with offset (default: now)';

export function defineMissions(program: Command, emit: Emit<ParticipantsCommand>): void {
  program
    .command('missions')
    .description('missions: accept')
    .command('accept')
    .description('a participant takes a place on a mission')
    .argument('<mbKey>', 'MB key of the mission')
    .requiredOption('--client-id <clientId>', CLIENT_ID)
    .requiredOption('--user-name <name>', "the participant's name")
    .option('--buffer', 'a buffer place (a stand-in), not a regular one')
    .option('--shift <day-start-end-index>', 'the shift taken, e.g. 2026-12-01-08:00-17:00-0')
    .option('--needs-estimate', 'the place waits for an approved estimate')
    .action((mbKey: string, options: { clientId: string; userName: string; buffer?: true; shift?: string; needsEstimate?: true }) => {
      const input: AcceptPlaceInput = {
        userName: options.userName,
        isBuffer: options.buffer === true,
        shift: options.shift ?? null,
        needsEstimate: options.needsEstimate === true,
      };
      emit({ group: 'missions', verb: 'accept', clientId: options.clientId, mbKey, input });
    });
}

interface VerbOptions {
  for?: string;
  token?: string;
  at?: string;
  complete?: true;
  incomplete?: true;
  rating?: string;
  message?: string;
}

interface VerbSpec {
  description: string;
  /** Options besides --client-id. */
  options?(command: Command): Command;
  action(options: VerbOptions, name: string): ParticipantAction;
}

/** The command-line verbs, kebab-case, and the domain action each one asks for. */
const VERBS: Readonly<Record<string, VerbSpec>> = {
  'approve-estimate': { description: "approve the participant's estimate", action: () => ({ verb: 'approveEstimate' }) },
  schedule: {
    description: 'schedule the participant',
    options: (command) => command.requiredOption('--for <date-time>', 'when, an ISO 8601 date-time with offset'),
    action: (options) => ({ verb: 'schedule', for: instantOption(options.for as string, 'for') }),
  },
  'check-in': {
    description: 'the participant checks in at the store',
    options: (command) => command.option('--token <token>', 'the token shown at the store').option('--at <date-time>', AT),
    action: (options) => ({ verb: 'checkIn', tokenInput: options.token ?? null, ...optionalAt(options) }),
  },
  'check-out': {
    description: 'the participant checks out, with the work complete or not',
    options: (command) =>
      command.option('--complete', 'the work was completed').option('--incomplete', 'the work was not completed').option('--at <date-time>', AT),
    action: (options, name) => {
      const complete = options.complete === true;
      if (complete === (options.incomplete === true)) throw new UsageError(`${name}: give exactly one of --complete and --incomplete`);
      return { verb: 'checkOut', complete, ...optionalAt(options) };
    },
  },
  reject: { description: 'reject the participant', action: () => ({ verb: 'reject' }) },
  expire: { description: "expire the participant's place", action: () => ({ verb: 'expire' }) },
  quit: { description: 'the participant quits', action: () => ({ verb: 'quit' }) },
  remove: { description: 'remove the participant', action: () => ({ verb: 'remove' }) },
  rate: {
    description: "rate the participant's work",
    options: (command) => command.requiredOption('--rating <1..5>', 'the rating').option('--message <text>', 'a comment'),
    action: (options) => ({
      verb: 'rate',
      rating: integerOption(options.rating as string, 'rating'),
      message: options.message ?? null,
    }),
  },
};

// Absent, the domain takes the current time.
function optionalAt(options: VerbOptions): { at?: Date } {
  return options.at === undefined ? {} : { at: instantOption(options.at, 'at') };
}

export function defineParticipants(program: Command, emit: Emit<ParticipantsCommand>): void {
  const participants = program.command('participants').description(`a participant's progress: ${Object.keys(VERBS).join(', ')}`);
  for (const [verb, spec] of Object.entries(VERBS)) {
    const command = participants
      .command(verb)
      .description(spec.description)
      .argument('<muKey>', MU_KEY)
      .requiredOption('--client-id <clientId>', CLIENT_ID);
    (spec.options?.(command) ?? command).action((muKey: string, options: VerbOptions & { clientId: string }) =>
      emit({ group: 'participants', clientId: options.clientId, muKey, action: spec.action(options, `participants ${verb}`) }),
    );
  }
}

export async function runParticipants(command: ParticipantsCommand, app: INestApplicationContext): Promise<unknown> {
  const accountId = await accountIdOf(app, command.clientId);
  const commands = app.get(CommandBus);
  const state =
    command.group === 'missions'
      ? await commands.execute(new AcceptPlaceCommand(accountId, command.mbKey, command.input))
      : await commands.execute(new ParticipantProgressCommand(accountId, command.muKey, command.action));
  return participantOutput(state);
}

/** The state as stored, with the status also by name; dates become ISO strings in JSON. */
export function participantOutput(state: Readonly<ParticipantState>): ParticipantState & { statusName: string } {
  return { ...state, statusName: missionStatusName(state.status) };
}
