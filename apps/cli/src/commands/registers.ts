import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ReviewRegisterCommand, SubmitWorkCommand } from '@mwr/domain';
import type { Command } from 'commander';
import type { Emit } from '../arguments';
import { accountIdOf } from './scope';

export type RegistersCommand =
  | { group: 'registers'; verb: 'submit'; clientId: string; muKey: string; identifier: string }
  | { group: 'registers'; verb: 'review'; clientId: string; muKey: string; outcome: 'APPROVED' | 'REPROVED' };

const OUTCOMES = { approve: 'APPROVED', reprove: 'REPROVED' } as const;

export function defineRegisters(program: Command, emit: Emit<RegistersCommand>): void {
  const registers = program.command('registers').description("a participant's finished work: submit, approve, reprove");
  registers
    .command('submit')
    .description('submit the finished work of a participant for review')
    .argument('<muKey>', "MU key of the participant's record")
    .requiredOption('--client-id <clientId>', 'the account the participant works for')
    .requiredOption('--identifier <text>', 'identifier of the register')
    .action((muKey: string, options: { clientId: string; identifier: string }) =>
      emit({ group: 'registers', verb: 'submit', clientId: options.clientId, muKey, identifier: options.identifier }),
    );
  for (const verb of ['approve', 'reprove'] as const) {
    registers
      .command(verb)
      .description(`${verb} a submitted register`)
      .argument('<muKey>', "MU key of the participant's record")
      .requiredOption('--client-id <clientId>', 'the account the participant works for')
      .action((muKey: string, options: { clientId: string }) =>
        emit({ group: 'registers', verb: 'review', clientId: options.clientId, muKey, outcome: OUTCOMES[verb] }),
      );
  }
}

export async function runRegisters(command: RegistersCommand, app: INestApplicationContext): Promise<unknown> {
  const accountId = await accountIdOf(app, command.clientId);
  const commands = app.get(CommandBus);
  return command.verb === 'submit'
    ? commands.execute(new SubmitWorkCommand(accountId, command.muKey, command.identifier))
    : commands.execute(new ReviewRegisterCommand(accountId, command.muKey, command.outcome));
}
