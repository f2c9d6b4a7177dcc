import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CreateClientAccountCommand, ListClientAccountsQuery, RevokeClientAccountCommand } from '@mwr/domain';
import { parseCommand, UsageError } from '../arguments';

export type ClientsCommand =
  | { group: 'clients'; verb: 'create'; name: string }
  | { group: 'clients'; verb: 'list' }
  | { group: 'clients'; verb: 'revoke'; clientId: string };

export function parseClients(verb: string, args: readonly string[]): ClientsCommand {
  switch (verb) {
    case 'create':
      return { group: 'clients', verb, name: parseCommand(args, { name: 'clients create', strings: ['name'] }).required('name') };
    case 'list':
      parseCommand(args, { name: 'clients list' });
      return { group: 'clients', verb };
    case 'revoke': {
      const [clientId] = parseCommand(args, { name: 'clients revoke', positionals: ['clientId'] }).positionals;
      return { group: 'clients', verb, clientId };
    }
    default:
      throw new UsageError(`unknown command "clients ${verb}"`);
  }
}

export async function runClients(command: ClientsCommand, app: INestApplicationContext): Promise<unknown> {
  switch (command.verb) {
    case 'create': {
      const { clientId, clientSecret } = await app.get(CommandBus).execute(new CreateClientAccountCommand(command.name));
      return { clientId, clientSecret };
    }
    case 'list': {
      const accounts = await app.get(QueryBus).execute(new ListClientAccountsQuery());
      // Picked field by field, so whatever else an account carries never reaches the output.
      return accounts.map(({ clientId, name, createdAt, revokedAt }) => ({ clientId, name, createdAt, revokedAt }));
    }
    case 'revoke':
      await app.get(CommandBus).execute(new RevokeClientAccountCommand(command.clientId));
      return { clientId: command.clientId, revoked: true };
  }
}
