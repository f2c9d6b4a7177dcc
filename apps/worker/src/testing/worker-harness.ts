import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { loadConfig } from '@mwr/config';
import type { Clock } from '@mwr/domain';
import { renderMetrics } from '@mwr/metrics';
import { ExpiryClock } from '../clock/expiry-clock';
import { DeliveryDispatcher } from '../webhooks/delivery-dispatcher';
import { EventRetention, type WorkerOptions, WorkerModule } from '../worker.module';

export const PEPPER = 'worker-tests-pepper-0123456789abcdef';

export interface RunningWorker {
  app: INestApplicationContext;
  dispatcher: DeliveryDispatcher;
  clock: ExpiryClock;
  retention: EventRetention;
  commands: CommandBus;
  close(): Promise<void>;
}

/** The worker app on a test database: no job queue unless `jobs` is given; loopback receivers allowed. */
export async function startWorker(
  databaseUrl: string,
  options: Partial<Omit<WorkerOptions, 'config' | 'databaseUrl' | 'credentialsPepper'>> & { clock?: Clock; reportTimeZone?: string; allowHttp?: boolean } = {},
): Promise<RunningWorker> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    CREDENTIALS_PEPPER: PEPPER,
    WEBHOOKS_ALLOW_HTTP: String(options.allowHttp ?? true),
    REPORT_TIME_ZONE: options.reportTimeZone ?? 'America/Sao_Paulo',
    SLA_TOLERANCE_MINUTES: '15',
  });
  const { reportTimeZone: _zone, allowHttp: _allow, ...rest } = options;
  const app = await NestFactory.createApplicationContext(
    WorkerModule.forRoot({ jobs: false, ...rest, config, databaseUrl, credentialsPepper: PEPPER }),
    { logger: false },
  );
  return {
    app,
    dispatcher: app.get(DeliveryDispatcher),
    clock: app.get(ExpiryClock),
    retention: app.get(EventRetention),
    commands: app.get(CommandBus),
    close: () => app.close(),
  };
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP server on loopback that records every request and answers as `answer` says. */
export async function startReceiver(answer: (request: Received, index: number, response: ServerResponse) => number | 'hang' = () => 200) {
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      const status = answer(entry, received.length - 1, response);
      if (status === 'hang') hanging.push(response);
      else response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    hanging,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Polls until `check` answers true, or fails after `ms`. */
export async function eventually(check: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not true within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The worker as `npm run start:worker` runs it, in a process of its own that a test can kill; `env` adds settings. */
export function spawnWorker(databaseUrl: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['tools/run-ts.cjs', 'apps/worker/src/main.ts'], {
    cwd: resolve(__dirname, '../../../..'),
    env: { PATH: process.env['PATH'], DATABASE_URL: databaseUrl, CREDENTIALS_PEPPER: PEPPER, WEBHOOKS_ALLOW_HTTP: 'true', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The value of one series (`name{labels}`) in an exposition, 0 when it has none yet; this process's own registry by default. */
export async function metricValue(series: string, exposition?: string): Promise<number> {
  const body = exposition ?? (await renderMetrics()).body;
  const line = body.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}
