import 'reflect-metadata';
import { loadConfig } from '@mwr/config';
import { type CliCommand, runCli } from './cli';
import { withApplication, withDataSource } from './cli-context';
import { runClients } from './commands/clients';
import { runDb } from './commands/db';
import { runFieldWork } from './commands/field-work';
import { runParticipants } from './commands/participants';
import { runRegisters } from './commands/registers';
import { runSeed } from './commands/seed';
import { listenForDeliveries } from './commands/webhook-listener';
import { runWebhooks, type WebhooksCommand } from './commands/webhooks';

function execute(command: CliCommand): Promise<unknown> {
  const config = loadConfig();
  if (command.group === 'db') return withDataSource(config, (dataSource) => runDb(command, dataSource));
  if (command.group === 'seed') {
    const { reportTimeZone: timeZone, slaToleranceMinutes } = config;
    return withDataSource(config, (dataSource) => runSeed(command, dataSource, { timeZone, slaToleranceMinutes, onProgress }));
  }
  if (command.group === 'webhooks' && command.verb === 'listen') return listen(command);
  return withApplication(config, (app) => {
    switch (command.group) {
      case 'clients':
        return runClients(command, app, config.redisUrl);
      case 'missions':
      case 'participants':
        return runParticipants(command, app);
      case 'registers':
        return runRegisters(command, app);
      case 'pdv':
      case 'deliveries':
        return runFieldWork(command, app);
      case 'webhooks':
        return runWebhooks(command, app);
    }
  });
}

/** Registers a loopback receiver, serves it until Ctrl-C, then removes it: one endpoint for the session. */
async function listen(command: Extract<WebhooksCommand, { verb: 'listen' }>): Promise<unknown> {
  const config = loadConfig();
  const url = `http://127.0.0.1:${command.port}/`;
  const hook = (await withApplication(config, (app) =>
    runWebhooks({ group: 'webhooks', verb: 'add', clientId: command.clientId, url, events: command.events }, app),
  )) as { id: string; secret: string };
  const stop = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  try {
    const heard = await listenForDeliveries(command.port, hook.secret, { line: (text) => process.stdout.write(`${text}\n`), note: (text) => process.stderr.write(`${text}\n`) }, stop);
    return { webhookId: hook.id, ...heard };
  } finally {
    await withApplication(config, (app) => runWebhooks({ group: 'webhooks', verb: 'remove', clientId: command.clientId, webhookId: hook.id }, app));
  }
}

// Only a person watching needs progress; stderr stays empty for scripts and tests.
function onProgress(written: number, total: number): void {
  if (process.stderr.isTTY) process.stderr.write(`seed: ${written} of ${total} missions written\r`);
}

function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve) => stream.write(text, () => resolve()));
}

async function main(): Promise<void> {
  const pending: Promise<void>[] = [];
  const io = {
    stdout: (text: string) => pending.push(write(process.stdout, text)),
    stderr: (text: string) => pending.push(write(process.stderr, text)),
    debug: Boolean(process.env['DEBUG']),
  };
  const code = await runCli(process.argv.slice(2), io, execute);
  await Promise.all(pending);
  // Everything was closed already; exiting here only guards against a handle a library left open.
  process.exit(code);
}

void main();
