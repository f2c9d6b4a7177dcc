import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FinishDeliveryStopCommand, MarkPdvDoneCommand } from '@mwr/domain';
import type { Command } from 'commander';
import { type Emit, instantOption } from '../arguments';
import { accountIdOf } from './scope';

export type FieldWorkCommand =
  | { group: 'pdv'; verb: 'done'; clientId: string; pdvId: string; at: Date | null }
  | { group: 'deliveries'; verb: 'finish'; clientId: string; deliveryId: string; at: Date | null };

const CLIENT_ID = 'the account the work is done for';
const AT = 'when it happened, an ISO 8601 date-time with offset (default: now)';

const at = (value: string | undefined) => (value === undefined ? null : instantOption(value, 'at'));

export function defineFieldWork(program: Command, emit: Emit<FieldWorkCommand>): void {
  program
    .command('pdv')
    .description('point-of-sale records: done')
    .command('done')
    .description("a point-of-sale record's product was placed: DONE, delivered at --at")
    .argument('<pdvId>', 'id of the point-of-sale record')
    .requiredOption('--client-id <clientId>', CLIENT_ID)
    .option('--at <date-time>', AT)
    .action((pdvId: string, options: { clientId: string; at?: string }) =>
      emit({ group: 'pdv', verb: 'done', clientId: options.clientId, pdvId, at: at(options.at) }),
    );
  program
    .command('deliveries')
    .description('collection and delivery stops: finish')
    .command('finish')
    .description('a started stop is finished (progress 2) at --at')
    .argument('<deliveryId>', 'id of the stop (delivery_id in the listing)')
    .requiredOption('--client-id <clientId>', CLIENT_ID)
    .option('--at <date-time>', AT)
    .action((deliveryId: string, options: { clientId: string; at?: string }) =>
      emit({ group: 'deliveries', verb: 'finish', clientId: options.clientId, deliveryId, at: at(options.at) }),
    );
}

export async function runFieldWork(command: FieldWorkCommand, app: INestApplicationContext): Promise<unknown> {
  const accountId = await accountIdOf(app, command.clientId);
  const commands = app.get(CommandBus);
  return command.group === 'pdv'
    ? commands.execute(new MarkPdvDoneCommand(accountId, command.pdvId, command.at))
    : commands.execute(new FinishDeliveryStopCommand(accountId, command.deliveryId, command.at));
}
