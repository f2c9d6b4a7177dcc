// The raw baseline of the HTTP benchmark: the service's own read models over a bare `pg` pool behind
// `node:http`. No Nest, no authentication, no validation, no cache: the `client-id` header only names
// the account. What the service costs on top of its SQL is the difference between the two.
//
//   DATABASE_URL=… PORT=… REPORT_TIME_ZONE=… node tools/run-ts.cjs tools/benchmark/raw-baseline.ts
import { createServer } from 'node:http';
import { type PageRequest, reportPeriod } from '@mwr/domain';
import {
  LISTING_SESSION_SETTINGS,
  PostgresDeliveryResultsReadModel,
  PostgresFormAnswersReadModel,
  PostgresPdvResultsReadModel,
  PostgresRegisterResultsReadModel,
  PostgresWorkforceResultsReadModel,
  sessionOptions,
} from '@mwr/persistence';
import { Pool } from 'pg';
import type { DataSource } from 'typeorm';

// The same session settings as the service's listings pool: the same read models, planned alike.
const pool = new Pool({ connectionString: process.env['DATABASE_URL'], max: 10, options: sessionOptions(LISTING_SESSION_SETTINGS) });
pool.on('error', () => undefined);
// The read models only call `query(sql, params)` and read the rows.
const db = { query: async (sql: string, params: unknown[]) => (await pool.query(sql, params)).rows } as unknown as DataSource;
const zone = process.env['REPORT_TIME_ZONE'] ?? 'America/Sao_Paulo';

const models = {
  workforce: new PostgresWorkforceResultsReadModel(db),
  registers: new PostgresRegisterResultsReadModel(db),
  pdv: new PostgresPdvResultsReadModel(db),
  deliveries: new PostgresDeliveryResultsReadModel(db),
  answers: new PostgresFormAnswersReadModel(db),
};

async function answer(path: string, q: URLSearchParams, accountId: string): Promise<unknown> {
  const text = (name: string) => q.get(name);
  const int = (name: string, fallback: number) => (q.has(name) ? Number(q.get(name)) : fallback);
  const request: PageRequest = { page: int('page', 1), itemsPerPage: int('itemsPerPage', 10) };
  const period = reportPeriod(text('startedAt'), text('endedAt'), zone);
  const keys = { mbKey: text('mbKey'), muKey: text('muKey') };
  let result;
  switch (path) {
    case '/v1/missions-users/workforce/reports':
      result = await models.workforce.page(accountId, { period, status: q.has('status') ? int('status', 0) : null, ...keys, search: text('search') }, request);
      break;
    case '/v1/registers/results':
      result = await models.registers.page(accountId, { period, ...keys, search: text('search') }, request);
      break;
    case '/v1/pdv/results':
      result = await models.pdv.page(accountId, { period, ...keys, search: text('search') }, request);
      break;
    case '/v1/deliveries/results': {
      const progress = q.has('progress') ? (int('progress', 1) as 1 | 2) : null;
      result = await models.deliveries.page(accountId, { period, progress, ...keys }, request);
      break;
    }
    case '/v1/forms-data/customers': {
      const formPeriod = reportPeriod(text('initialDate'), text('finalDate'), zone);
      const formRequest = { page: int('page', 1), itemsPerPage: 50 };
      result = await models.answers.page(accountId, { formId: int('formId', 1), period: formPeriod }, formRequest);
      return { total: result.total, page: formRequest.page, itemsPerPage: 50, data: result.rows };
    }
    default:
      return null;
  }
  return { total: result.total, page: request.page, itemsPerPage: request.itemsPerPage, data: result.rows };
}

async function main(): Promise<void> {
  const accounts = new Map<string, string>(
    (await pool.query('SELECT client_id, id FROM client_accounts')).rows.map((row: { client_id: string; id: string }) => [row.client_id, row.id]),
  );
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://baseline');
    const accountId = accounts.get(String(req.headers['client-id']));
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/health') return send(200, { status: 'ok' });
    if (!accountId) return send(401, { error: 'unknown account' });
    answer(url.pathname, url.searchParams, accountId).then(
      (body) => (body === null ? send(404, { error: 'Not found' }) : send(200, body)),
      (error: Error) => send(503, { error: error.message }),
    );
  });
  server.keepAliveTimeout = 65_000;
  server.listen(Number(process.env['PORT'] ?? 3900), '127.0.0.1');
}

void main();
