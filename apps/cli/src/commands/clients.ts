import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { publishRevocation } from '@mwr/cache';
import { CreateClientAccountCommand, ListClientAccountsQuery, RevokeClientAccountCommand } from '@mwr/domain';
import type { Command } from 'commander';
import type { Emit } from '../arguments';

export type ClientsCommand =
  | { group: 'clients'; verb: 'create'; name: string }
  | { group: 'clients'; verb: 'list' }
  | { group: 'clients'; verb: 'revoke'; clientId: string };

export function defineClients(program: Command, emit: Emit<ClientsCommand>): void {
  const clients = program.command('clients').description('client accounts: create, list, revoke');
  clients
    .command('create')
    .description('create a client account; prints its client id and secret (the secret is shown only once)')
    .requiredOption('--name <name>', 'the account name, 1 to 200 characters')
    .action(({ name }: { name: string }) => emit({ group: 'clients', verb: 'create', name }));
  clients
    .command('list')
    .description('list the client accounts (never their secrets or hashes)')
    .action(() => emit({ group: 'clients', verb: 'list' }));
  clients
    .command('revoke')
    .description('revoke a client account: its credentials stop working at once')
    .argument('<clientId>', 'the client id of the account')
    .action((clientId: string) => emit({ group: 'clients', verb: 'revoke', clientId }));
}

/**
 * `redisUrl`: where the service's instances hear revocations when it is set (docs/adr/0017). The
 * revocation itself also NOTIFYs from its own transaction, for instances without Redis.
 */
export async function runClients(command: ClientsCommand, app: INestApplicationContext, redisUrl: string | null = null): Promise<unknown> {
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
      if (redisUrl) await announceRevocation(redisUrl, command.clientId);
      return { clientId: command.clientId, revoked: true };
  }
}

async function announceRevocation(redisUrl: string, clientId: string): Promise<void> {
  try {
    await publishRevocation(redisUrl, clientId);
  } catch (error) {
    // The revocation is committed; an instance that cached the credential stops trusting it when
    // its own subscription notices the outage, and at the latest when the entry expires.
    process.stderr.write(
      `note: revoked, but Redis did not take the announcement (${error instanceof Error ? error.message : String(error)}): ` +
        'instances may accept the credential until CREDENTIALS_CACHE_SECONDS have passed\n',
    );
  }
}
