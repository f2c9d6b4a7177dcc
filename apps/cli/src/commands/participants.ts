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
import { instantOption, integerOption, type ParsedCommand, parseCommand, UsageError } from '../arguments';
import { accountIdOf } from './scope';

export type ParticipantsCommand =
  | { group: 'missions'; verb: 'accept'; clientId: string; mbKey: string; input: AcceptPlaceInput }
  | { group: 'participants'; clientId: string; muKey: string; action: ParticipantAction };

export function parseMissions(verb: string, args: readonly string[]): ParticipantsCommand {
  if (verb !== 'accept') throw new UsageError(`unknown command "missions ${verb}"`);
  const parsed = parseCommand(args, {
    name: 'missions accept',
    positionals: ['mbKey'],
    strings: ['client-id', 'user-name', 'shift'],
    flags: ['buffer', 'needs-estimate'],
  });
  const [mbKey] = parsed.positionals;
  const input: AcceptPlaceInput = {
    userName: parsed.required('user-name'),
    isBuffer: parsed.flag('buffer'),
    shift: parsed.option('shift') ?? null,
    needsEstimate: parsed.flag('needs-estimate'),
  };
  return { group: 'missions', verb, clientId: parsed.required('client-id'), mbKey, input };
}

interface VerbSpec {
  strings?: readonly string[];
  flags?: readonly string[];
  action(parsed: ParsedCommand, name: string): ParticipantAction;
}

/** The command-line verbs, kebab-case, and the domain action each one asks for. */
const VERBS: Readonly<Record<string, VerbSpec>> = {
  'approve-estimate': { action: () => ({ verb: 'approveEstimate' }) },
  schedule: {
    strings: ['for'],
    action: (parsed) => ({ verb: 'schedule', for: instantOption(parsed.required('for'), 'for') }),
  },
  'check-in': {
    strings: ['token', 'at'],
    action: (parsed) => ({ verb: 'checkIn', tokenInput: parsed.option('token') ?? null, ...optionalAt(parsed) }),
  },
  'check-out': {
    strings: ['at'],
    flags: ['complete', 'incomplete'],
    action: (parsed, name) => {
      const complete = parsed.flag('complete');
      if (complete === parsed.flag('incomplete')) throw new UsageError(`${name}: give exactly one of --complete and --incomplete`);
      return { verb: 'checkOut', complete, ...optionalAt(parsed) };
    },
  },
  reject: { action: () => ({ verb: 'reject' }) },
  expire: { action: () => ({ verb: 'expire' }) },
  quit: { action: () => ({ verb: 'quit' }) },
  remove: { action: () => ({ verb: 'remove' }) },
  rate: {
    strings: ['rating', 'message'],
    action: (parsed) => ({
      verb: 'rate',
      rating: integerOption(parsed.required('rating'), 'rating'),
      message: parsed.option('message') ?? null,
    }),
  },
};

// Absent, the domain takes the current time.
function optionalAt(parsed: ParsedCommand): { at?: Date } {
  const at = parsed.option('at');
  return at === undefined ? {} : { at: instantOption(at, 'at') };
}

export function parseParticipants(verb: string, args: readonly string[]): ParticipantsCommand {
  const name = `participants ${verb}`;
  const spec = Object.hasOwn(VERBS, verb) ? VERBS[verb] : undefined;
  if (!spec) throw new UsageError(`unknown command "${name}"`);
  const parsed = parseCommand(args, {
    name,
    positionals: ['muKey'],
    strings: ['client-id', ...(spec.strings ?? [])],
    flags: spec.flags,
  });
  const [muKey] = parsed.positionals;
  const clientId = parsed.required('client-id');
  return { group: 'participants', clientId, muKey, action: spec.action(parsed, name) };
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
