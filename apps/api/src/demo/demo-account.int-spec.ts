// The embedded demo's start, on a fresh migrated database: the account it makes, the banner it
// prints and the document it serves, checked through the service as a new user meets them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '@mwr/config';
import { CreateClientAccountCommand, hashSecret } from '@mwr/domain';
import { createMigratedTestDatabase, type TestDatabase } from '@mwr/persistence/testing';
import { Client } from 'pg';
import request from 'supertest';
import { AppModule } from '../app.module';
import { configureApp, createHttpAdapter } from '../configure-app';
import { createRootLogger } from '../http/logger';
import { openApiDocumentWith } from '../openapi/openapi-document';
import { type DemoAccount, demoBanner, demoTryItOutValues, prepareDemoAccount } from './demo-account';

jest.setTimeout(60_000);

const PEPPER = 'demo-account-int-spec-pepper-0123456789';
const SETTINGS = { reportTimeZone: 'America/Sao_Paulo', slaToleranceMinutes: 15, credentialsPepper: PEPPER, webhooksAllowHttp: false };

interface Parameter {
  name: string;
  required?: boolean;
  example?: unknown;
}

let database: TestDatabase;
let sql: Client;
let dataDir: string;
let app: NestFastifyApplication;
let demo: DemoAccount;
let commands: jest.SpyInstance;

const start = () => prepareDemoAccount({ databaseUrl: database.url, dataDir, settings: SETTINGS });
const headers = () => ({ 'client-id': demo.clientId, 'client-secret': demo.clientSecret });
const http = () => request(app.getHttpServer());

beforeAll(async () => {
  database = await createMigratedTestDatabase();
  sql = new Client({ connectionString: database.url });
  await sql.connect();
  dataDir = mkdtempSync(join(tmpdir(), 'mwr-demo-'));
  commands = jest.spyOn(CommandBus.prototype, 'execute');
  demo = await start();

  const config = loadConfig({ DATABASE_URL: database.url, CREDENTIALS_PEPPER: PEPPER, RATE_LIMIT_PER_MINUTE: '0' });
  // The adapter is given, not looked up: Nest's lookup is a dynamic import, which Jest cannot do.
  const module = AppModule.forRoot({ config, databaseUrl: database.url, credentialsPepper: PEPPER });
  app = await NestFactory.create<NestFastifyApplication>(module, createHttpAdapter(config), { bodyParser: false, logger: false });
  configureApp(app, createRootLogger('silent'), { ...config, apiDocument: openApiDocumentWith(demoTryItOutValues(demo)) });
  await app.init();
  // Fastify finishes its routes and hooks when ready, which listen() would wait for.
  await app.getHttpAdapter().getInstance().ready();
});

afterAll(async () => {
  commands?.mockRestore();
  await app?.close();
  await sql?.end();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded demo start', () => {
  it("makes the account through the domain's CreateClientAccountCommand, which stores only the secret's keyed hash", async () => {
    const created = commands.mock.calls.map(([command]) => command).filter((command) => command instanceof CreateClientAccountCommand);
    expect(created).toEqual([new CreateClientAccountCommand('Demo account')]);
    const { rows } = await sql.query('SELECT client_id, name, secret_hash, revoked_at FROM client_accounts');
    expect(rows).toEqual([{ client_id: demo.clientId, name: 'Demo account', secret_hash: hashSecret(demo.clientSecret, PEPPER), revoked_at: null }]);
  });

  it('leaves a usable account: its credentials authenticate, and every listing the banner shows has data', async () => {
    const { first, last } = demoTryItOutValues(demo).period;
    const listings: [string, Record<string, unknown>][] = [
      ['/v1/forms-data/customers', { initialDate: first, finalDate: last, page: 1, formId: demo.reportFormId }],
      ['/v1/missions-users/workforce/reports', {}],
      ['/v1/deliveries/results', { startedAt: first, endedAt: last }],
      ['/v1/pdv/results', { startedAt: first, endedAt: last }],
      ['/v1/registers/results', {}],
    ];
    for (const [path, query] of listings) {
      const res = await http().get(path).set(headers()).query(query);
      expect([path, res.status]).toEqual([path, 200]);
      expect([path, res.body.total > 0]).toEqual([path, true]);
    }
    expect((await http().get('/v1/registers/results').set({ ...headers(), 'client-secret': 'wrong' })).status).toBe(401);
  });

  it('prints each credential header as its own -H flag, as a zsh user can paste it', () => {
    const banner = demoBanner(demo, 3000);
    const auth = `-H 'client-id: ${demo.clientId}' -H 'client-secret: ${demo.clientSecret}'`;
    const curls = banner.split('\n').filter((line) => line.includes('curl '));
    expect(curls).toHaveLength(6);
    for (const line of curls) expect(line).toContain(auth);
    expect(banner).not.toContain('$H');
  });

  it('serves a document whose try-it-out answers data on the first Execute, and a demand on every Execute', async () => {
    const document = (await http().get('/docs-json')).body as {
      paths: Record<string, Record<string, { tags?: string[]; parameters?: Parameter[]; requestBody?: unknown }>>;
    };
    const listings = Object.entries(document.paths).filter(([, item]) => item.get?.tags?.includes('Reports'));
    expect(listings).toHaveLength(5);
    for (const [path, item] of listings) {
      const parameters = item.get.parameters ?? [];
      // What Swagger UI sends: the filled-in values, and for the rest nothing (or their default).
      const query = Object.fromEntries(parameters.filter((p) => p.example !== undefined).map((p) => [p.name, p.example]));
      expect([path, parameters.filter((p) => p.required && p.example === undefined)]).toEqual([path, []]);
      const res = await http().get(path).set(headers()).query(query);
      expect([path, res.status, res.body.total > 0]).toEqual([path, 200, true]);
    }
    const post = document.paths['/v1/missions/demands'].post as { parameters: Parameter[]; requestBody: { content: Record<string, { example: object }> } };
    expect(post.parameters.filter((p) => p.example !== undefined)).toEqual([]);
    const body = post.requestBody.content['application/json'].example;
    for (const attempt of [1, 2]) {
      const res = await http().post('/v1/missions/demands').set(headers()).send(body);
      expect([attempt, res.status]).toEqual([attempt, 201]);
    }
  });

  it('on a second start finds the same account again and makes no other', async () => {
    commands.mockClear();
    expect(await start()).toEqual(demo);
    expect(commands).not.toHaveBeenCalled();
    expect((await sql.query('SELECT count(*)::int AS n FROM client_accounts')).rows).toEqual([{ n: 1 }]);
  });
});
