import { connect, createServer, type Server, type Socket } from 'node:net';
import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import { parseLogLines, startServer, runCli, WORKSPACE } from './support/server';
import { spawn } from 'node:child_process';

describe('operations: health, shutdown, database outage, configuration', () => {
  const env = useE2eEnvironment();

  it('GET /health needs no credentials and reports the database as up', async () => {
    const res = await request(env.server.baseUrl).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('429 "Too many requests" past the per-account rate limit, with Retry-After; other accounts are not held back', async () => {
    const server = await startServer({ DATABASE_URL: env.databaseUrl, RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const [busy, calm] = [await env.fixtures.account(), await env.fixtures.account()];
      const list = (who: typeof busy) => request(server.baseUrl).get('/v1/registers/results').set(who.headers);
      for (let i = 0; i < 3; i += 1) expect((await list(busy)).status).toBe(200);
      const refused = await list(busy);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: 'Too many requests' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await list(calm)).status).toBe(200);
      // Unauthenticated requests are refused before they count against anyone.
      expect((await request(server.baseUrl).get('/v1/registers/results')).status).toBe(401);
    } finally {
      await server.stop();
    }
  });

  it('graceful shutdown: SIGTERM lets an in-flight request finish, then the process exits 0', async () => {
    const server = await startServer({ DATABASE_URL: env.databaseUrl });
    const client = await env.fixtures.account();
    const catalog = await env.fixtures.catalog(client.accountId);
    // The demand insert of this account sleeps, holding the request in flight while SIGTERM arrives.
    const undoSlow = await env.fixtures.slowDemandInserts(client.accountId, 1);
    try {
      const inFlight = request(server.baseUrl)
        .post('/v1/missions/demands')
        .set(client.headers)
        .set('Content-Type', 'application/json')
        .send({ missionMainId: catalog.plainMission, datePicked: '2026-12-01', participants: 1 })
        .then((res) => res);
      await new Promise((tick) => setTimeout(tick, 300));
      const exitCode = server.stop();
      const res = await inFlight;
      expect(res.status).toBe(201);
      expect(await exitCode).toBe(0);
    } finally {
      await undoSlow();
    }
    expect(await env.fixtures.count('demands', client.accountId)).toBe(1);
  });

  describe('with the database unreachable', () => {
    let closedPort: number;
    let blocker: Server;

    beforeAll(async () => {
      // A port that accepts nothing: listen, note it, close it.
      blocker = createServer();
      await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
      closedPort = (blocker.address() as { port: number }).port;
      await new Promise((done) => blocker.close(done));
    });

    it('the service does not start, and says why', async () => {
      await expect(startServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/test_none` })).rejects.toThrow(
        /exited with 1[\s\S]*Failed to start/,
      );
    });
  });

  it('a lost database answers 503 "Service unavailable", /health says it is down, and the log is not a line per failed request', async () => {
    // A second database that the test takes away from under a running service.
    const name = `test_outage_${Date.now()}`;
    await env.sql.query(`CREATE DATABASE ${name}`);
    const url = new URL(env.databaseUrl);
    url.pathname = `/${name}`;
    const server = await startServer({ DATABASE_URL: url.toString() });
    let exitCode: number | null;
    try {
      await env.sql.query(`DROP DATABASE ${name} WITH (FORCE)`);
      const res = await request(server.baseUrl).post('/v1/missions/demands').set({ 'client-id': 'x', 'client-secret': 'y' }).send({});
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: 'Service unavailable' });
      const health = await request(server.baseUrl).get('/health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: 'unavailable', database: 'down' });
      for (let i = 0; i < 40; i += 1) {
        expect((await request(server.baseUrl).get('/v1/registers/results').set({ 'client-id': 'x', 'client-secret': 'y' })).status).toBe(503);
      }
    } finally {
      exitCode = await server.stop();
    }
    expect(exitCode).toBe(0);
    const errors = parseLogLines(server.output()).filter((entry) => entry['level'] === 50 && entry['context'] === 'HTTP');
    // 41 failed requests: the first written at once; at shutdown the latest one held back, with the other 39.
    expect(errors).toHaveLength(2);
    expect(String(errors[1]['msg'])).toContain('39 more like it not logged since the last report');
  });

  /** A proxy in front of PostgreSQL that can stop forwarding while keeping every socket open. */
  async function stallingProxy() {
    const target = new URL(env.databaseUrl);
    const state = { stalled: false };
    const sockets: Socket[] = [];
    const proxy = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      sockets.push(client, upstream);
      client.on('data', (data) => state.stalled || upstream.write(data));
      upstream.on('data', (data) => state.stalled || client.write(data));
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    const url = new URL(env.databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String((proxy.address() as { port: number }).port);
    return {
      url: url.toString(),
      stall: () => (state.stalled = true),
      close: async () => {
        for (const socket of sockets) socket.destroy();
        await new Promise((done) => proxy.close(done));
      },
    };
  }

  /** The service on a database that answers one listing, then stalls. */
  async function stalledService(settings: Record<string, string>) {
    const proxy = await stallingProxy();
    const server = await startServer({ DATABASE_URL: proxy.url, ...settings });
    const client = await env.fixtures.account();
    const list = () => request(server.baseUrl).get('/v1/registers/results').set(client.headers);
    expect((await list()).status).toBe(200);
    proxy.stall();
    return {
      server,
      list,
      close: async () => {
        await server.stop();
        await proxy.close();
      },
    };
  }

  it('a database that stalls (connections open, no answers) fails requests with 503 within DATABASE_TIMEOUT_MS', async () => {
    const { list, close } = await stalledService({ DATABASE_TIMEOUT_MS: '500' });
    try {
      const started = Date.now();
      const res = await list();
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: 'Service unavailable' });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await close();
    }
  });

  it('with a stalled database, requests that find no connection fail with 503 after DATABASE_ACQUIRE_TIMEOUT_MS, not after the statement timeout', async () => {
    const { server, list, close } = await stalledService({ DATABASE_TIMEOUT_MS: '20000', DATABASE_ACQUIRE_TIMEOUT_MS: '300' });
    try {
      // Requests on the connections already open wait for their statements; every other one needs a
      // new connection, which the stalled server never completes.
      const started = Date.now();
      const fast = await new Promise<{ status: number; body: unknown; ms: number }[]>((done) => {
        const answered: { status: number; body: unknown; ms: number }[] = [];
        for (let i = 0; i < 12; i += 1) {
          list().then(
            (res) => {
              answered.push({ status: res.status, body: res.body, ms: Date.now() - started });
              if (answered.length === 3) done(answered);
            },
            () => undefined,
          );
        }
      });
      for (const answer of fast) {
        expect(answer).toEqual({ status: 503, body: { error: 'Service unavailable' }, ms: expect.any(Number) });
        expect(answer.ms).toBeLessThan(2_000);
      }
    } finally {
      // The requests holding connections would wait for their 20 s statements.
      server.process.kill('SIGKILL');
      await close();
    }
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be an integer from 0 to 65535 (got "abc")'],
    [{ REPORT_TIME_ZONE: 'Mars/Base' }, 'REPORT_TIME_ZONE must be an IANA time zone'],
    [{ SLA_TOLERANCE_MINUTES: 'soon' }, 'SLA_TOLERANCE_MINUTES must be an integer'],
    [{ CREDENTIALS_PEPPER: '' }, 'CREDENTIALS_PEPPER is required when DATABASE_URL is set'],
    [{ HOST: 'not a host' }, 'HOST must be an IP address or a host name'],
  ])('a bad setting stops the start with a clear message: %j', async (setting, message) => {
    const child = spawn(process.execPath, ['tools/run-ts.cjs', 'apps/api/src/main.ts'], {
      cwd: WORKSPACE,
      env: { ...process.env, DATABASE_URL: env.databaseUrl, CREDENTIALS_PEPPER: 'p'.repeat(32), ...setting },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((done) => child.once('exit', done));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain(message);
  });

  it('credentials printed by `npm run -s cli -- clients create` authenticate; once revoked they do not', async () => {
    const created = await runCli(['clients', 'create', '--name', 'From the CLI'], { DATABASE_URL: env.databaseUrl });
    expect(created.code).toBe(0);
    const { clientId, clientSecret } = JSON.parse(created.stdout);
    const catalog = await env.fixtures.catalog(
      (await env.sql.query(`SELECT id FROM client_accounts WHERE client_id = $1`, [clientId])).rows[0].id,
    );
    const create = () =>
      request(env.server.baseUrl)
        .post('/v1/missions/demands')
        .set({ 'client-id': clientId, 'client-secret': clientSecret })
        .send({ missionMainId: catalog.plainMission, datePicked: '2026-12-01', participants: 1 });
    expect((await create()).status).toBe(201);
    expect((await runCli(['clients', 'revoke', clientId], { DATABASE_URL: env.databaseUrl })).code).toBe(0);
    expect((await create()).status).toBe(401);
  });
});
