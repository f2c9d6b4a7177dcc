import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CreateWebhookCommand,
  ListWebhookDeliveriesQuery,
  ListWebhooksQuery,
  REPORT_LIMITS,
  RedeliverEventCommand,
  RemoveWebhookCommand,
} from '@mwr/domain';
import type { Command } from 'commander';
import { ArgumentError, type Emit, integerOption } from '../arguments';
import { accountIdOf } from './scope';

export type WebhooksCommand =
  | { group: 'webhooks'; verb: 'add'; clientId: string; url: string; events: string[] | null }
  | { group: 'webhooks'; verb: 'list'; clientId: string }
  | { group: 'webhooks'; verb: 'remove'; clientId: string; webhookId: string }
  | { group: 'webhooks'; verb: 'deliveries'; clientId: string; webhookId: string; page: number; itemsPerPage: number }
  | { group: 'webhooks'; verb: 'redeliver'; clientId: string; webhookId: string; eventId: string }
  | { group: 'webhooks'; verb: 'listen'; clientId: string; port: number; events: string[] | null };

const CLIENT_ID = 'the account the webhook belongs to';
const WEBHOOK_ID = 'id of the webhook, as `webhooks list` shows it';

function positive(value: string, option: string, max?: number): number {
  const number = integerOption(value, option);
  if (number < 1 || (max !== undefined && number > max)) throw new ArgumentError(`--${option} must be an integer from 1${max === undefined ? '' : ` to ${max}`}`);
  return number;
}

export function defineWebhooks(program: Command, emit: Emit<WebhooksCommand>): void {
  const webhooks = program.command('webhooks').description('webhook endpoints of an account: add, list, remove, deliveries, redeliver');
  webhooks
    .command('add')
    .description('add an endpoint; prints it with its signing secret (shown only once)')
    .argument('<url>', 'https: URL of the receiver (http: to loopback only with WEBHOOKS_ALLOW_HTTP=true)')
    .requiredOption('--client-id <clientId>', CLIENT_ID)
    .option('--events <types>', 'comma-separated event types to deliver (default: every type)')
    .action((url: string, options: { clientId: string; events?: string }) =>
      emit({ group: 'webhooks', verb: 'add', clientId: options.clientId, url, events: options.events === undefined ? null : options.events.split(',') }),
    );
  webhooks
    .command('list')
    .description("list the account's endpoints (never their secrets)")
    .requiredOption('--client-id <clientId>', CLIENT_ID)
    .action((options: { clientId: string }) => emit({ group: 'webhooks', verb: 'list', clientId: options.clientId }));
  webhooks
    .command('remove')
    .description('remove an endpoint and its pending deliveries')
    .argument('<webhookId>', WEBHOOK_ID)
    .requiredOption('--client-id <clientId>', CLIENT_ID)
    .action((webhookId: string, options: { clientId: string }) => emit({ group: 'webhooks', verb: 'remove', clientId: options.clientId, webhookId }));
  webhooks
    .command('deliveries')
    .description("an endpoint's deliveries, newest first")
    .argument('<webhookId>', WEBHOOK_ID)
    .requiredOption('--client-id <clientId>', CLIENT_ID)
    .option('--page <n>', 'page number (default 1)')
    .option('--items-per-page <n>', `deliveries per page, up to ${REPORT_LIMITS.itemsPerPageMax} (default ${REPORT_LIMITS.itemsPerPageDefault})`)
    .action((webhookId: string, options: { clientId: string; page?: string; itemsPerPage?: string }) =>
      emit({
        group: 'webhooks',
        verb: 'deliveries',
        clientId: options.clientId,
        webhookId,
        page: options.page === undefined ? 1 : positive(options.page, 'page'),
        itemsPerPage:
          options.itemsPerPage === undefined ? REPORT_LIMITS.itemsPerPageDefault : positive(options.itemsPerPage, 'items-per-page', REPORT_LIMITS.itemsPerPageMax),
      }),
    );
  webhooks
    .command('redeliver')
    .description('deliver an event to an endpoint again: a new pending delivery')
    .argument('<webhookId>', WEBHOOK_ID)
    .argument('<eventId>', 'id of the event, from the events feed or a delivery')
    .requiredOption('--client-id <clientId>', CLIENT_ID)
    .action((webhookId: string, eventId: string, options: { clientId: string }) =>
      emit({ group: 'webhooks', verb: 'redeliver', clientId: options.clientId, webhookId, eventId }),
    );
  webhooks
    .command('listen')
    .description(
      'a receiver on 127.0.0.1 for a demo: adds itself as an endpoint, prints each delivery whose signature it verified as a JSON line, and removes the endpoint on Ctrl-C (needs WEBHOOKS_ALLOW_HTTP=true, the default with the embedded database)',
    )
    .requiredOption('--client-id <clientId>', CLIENT_ID)
    .option('--port <port>', 'port to listen on (default 4000)')
    .option('--events <types>', 'comma-separated event types to receive (default: every type)')
    .action((options: { clientId: string; port?: string; events?: string }) =>
      emit({
        group: 'webhooks',
        verb: 'listen',
        clientId: options.clientId,
        port: options.port === undefined ? 4000 : positive(options.port, 'port', 65535),
        events: options.events === undefined ? null : options.events.split(','),
      }),
    );
}

export async function runWebhooks(command: Exclude<WebhooksCommand, { verb: 'listen' }>, app: INestApplicationContext): Promise<unknown> {
  const accountId = await accountIdOf(app, command.clientId);
  const [commands, queries] = [app.get(CommandBus), app.get(QueryBus)];
  switch (command.verb) {
    case 'add':
      return commands.execute(new CreateWebhookCommand(accountId, { url: command.url, events: command.events }));
    case 'list':
      return queries.execute(new ListWebhooksQuery(accountId));
    case 'remove':
      await commands.execute(new RemoveWebhookCommand(accountId, command.webhookId));
      return { webhookId: command.webhookId, removed: true };
    case 'deliveries':
      return queries.execute(new ListWebhookDeliveriesQuery(accountId, command.webhookId, { page: command.page, itemsPerPage: command.itemsPerPage }));
    case 'redeliver':
      return commands.execute(new RedeliverEventCommand(accountId, command.webhookId, command.eventId));
  }
}
