import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ReviewRegisterCommand, SubmitWorkCommand } from '@mwr/domain';
import { parseCommand, UsageError } from '../arguments';
import { accountIdOf } from './scope';

export type RegistersCommand =
  | { group: 'registers'; verb: 'submit'; clientId: string; muKey: string; identifier: string }
  | { group: 'registers'; verb: 'review'; clientId: string; muKey: string; outcome: 'APPROVED' | 'REPROVED' };

const OUTCOMES = { approve: 'APPROVED', reprove: 'REPROVED' } as const;

export function parseRegisters(verb: string, args: readonly string[]): RegistersCommand {
  const name = `registers ${verb}`;
  if (verb === 'submit') {
    const parsed = parseCommand(args, { name, positionals: ['muKey'], strings: ['client-id', 'identifier'] });
    const [muKey] = parsed.positionals;
    return { group: 'registers', verb, clientId: parsed.required('client-id'), muKey, identifier: parsed.required('identifier') };
  }
  if (verb === 'approve' || verb === 'reprove') {
    const parsed = parseCommand(args, { name, positionals: ['muKey'], strings: ['client-id'] });
    const [muKey] = parsed.positionals;
    return { group: 'registers', verb: 'review', clientId: parsed.required('client-id'), muKey, outcome: OUTCOMES[verb] };
  }
  throw new UsageError(`unknown command "${name}"`);
}

export async function runRegisters(command: RegistersCommand, app: INestApplicationContext): Promise<unknown> {
  const accountId = await accountIdOf(app, command.clientId);
  const commands = app.get(CommandBus);
  return command.verb === 'submit'
    ? commands.execute(new SubmitWorkCommand(accountId, command.muKey, command.identifier))
    : commands.execute(new ReviewRegisterCommand(accountId, command.muKey, command.outcome));
}
