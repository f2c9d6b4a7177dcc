import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, chmodSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import { Fixtures } from './support/fixtures';
import { freePort } from './support/free-port';
import { parseLogLines, PEPPER, startServer, WORKSPACE, type RunningServer } from './support/server';

type Outcome =
  | { kind: 'answered'; status: number; connection: string | undefined; at: number }
  | { kind: 'refused'; code: string; at: number }
  | { kind: 'broken'; reason: string; at: number };

/** One request on a keep-alive agent: answered completely, refused before any answer, or broken mid-answer. */
function send(baseUrl: string, agent: Agent, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Outcome> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((done) => {
    const req = httpRequest(
      new URL(path, baseUrl),
      { method, agent, headers: { ...headers, ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('aborted', () => done({ kind: 'broken', reason: 'aborted', at: Date.now() }));
        res.on('error', (error) => done({ kind: 'broken', reason: error.message, at: Date.now() }));
        res.on('end', () => {
          const length = Buffer.concat(chunks).length;
          const declared = res.headers['content-length'];
          if (declared !== undefined && Number(declared) !== length) return done({ kind: 'broken', reason: 'short body', at: Date.now() });
          done({ kind: 'answered', status: res.statusCode ?? 0, connection: res.headers.connection, at: Date.now() });
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => done({ kind: 'refused', code: error.code ?? error.message, at: Date.now() }));
    req.end(payload);
  });
}

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

function exitOf(server: RunningServer): Promise<number | null> {
  return new Promise((done) => (server.process.exitCode !== null ? done(server.process.exitCode) : server.process.once('exit', done)));
}

describe('the server process: shutdown, port and bind address', () => {
  const env = useE2eEnvironment();

  describe('shutdown under keep-alive', () => {
    it('SIGTERM with keep-alive clients sending: the process ends within SHUTDOWN_TIMEOUT_MS, every request answered completely or refused before it ran', async () => {
      const server = await startServer({ DATABASE_URL: env.databaseUrl, SHUTDOWN_TIMEOUT_MS: '5000', RATE_LIMIT_PER_MINUTE: '0' });
      const client = await env.fixtures.account();
      const catalog = await env.fixtures.catalog(client.accountId);
      const slow = await env.fixtures.account();
      const slowCatalog = await env.fixtures.catalog(slow.accountId);
      // The slow account's demand insert sleeps: a request surely in flight when SIGTERM arrives.
      const undoSlow = await env.fixtures.slowDemandInserts(slow.accountId, 0.7);
      const agent = new Agent({ keepAlive: true, maxSockets: 4 });
      const outcomes: Outcome[] = [];
      let stopped = false;
      const demand = { missionMainId: catalog.plainMission, datePicked: '2026-12-01', participants: 1 };
      const worker = async (n: number) => {
        for (let i = 0; !stopped; i += 1) {
          const outcome =
            (n + i) % 2 === 0
              ? await send(server.baseUrl, agent, 'POST', '/v1/missions/demands', client.headers, demand)
              : await send(server.baseUrl, agent, 'GET', '/v1/registers/results', client.headers);
          outcomes.push(outcome);
          if (outcome.kind !== 'answered') await new Promise((tick) => setTimeout(tick, 20));
        }
      };
      try {
        const workers = [0, 1, 2].map(worker);
        while (outcomes.length < 30) await new Promise((tick) => setTimeout(tick, 10));
        const inFlight = send(server.baseUrl, new Agent({ keepAlive: true }), 'POST', '/v1/missions/demands', slow.headers, {
          ...demand,
          missionMainId: slowCatalog.plainMission,
        });
        await new Promise((tick) => setTimeout(tick, 300));
        const exited = exitOf(server);
        const signalledAt = Date.now();
        server.process.kill('SIGTERM');
        // Clients that never stop on their own: only the server can end this.
        const exitCode = await Promise.race([exited, new Promise((done) => setTimeout(done, 8_000, 'still running'))]);
        const tookMs = Date.now() - signalledAt;
        stopped = true;
        await Promise.all(workers);

        expect(exitCode).toBe(0);
        expect(tookMs).toBeLessThan(5_000);
        expect(await inFlight).toEqual({ kind: 'answered', status: 201, connection: 'close', at: expect.any(Number) });
        expect(outcomes.filter((o) => o.kind === 'broken')).toEqual([]);
        for (const outcome of outcomes) if (outcome.kind === 'answered') expect([200, 201]).toContain(outcome.status);
        // Refused requests never ran: every demand stored was answered 201, and the other way round.
        const created = outcomes.filter((o) => o.kind === 'answered' && o.status === 201).length;
        expect(await env.fixtures.count('demands', client.accountId)).toBe(created);
        expect(await env.fixtures.count('demands', slow.accountId)).toBe(1);
        // Keep-alive connections were closed by the server, so the clients moved on to refusals.
        expect(outcomes.filter((o) => o.kind === 'refused' && o.at > signalledAt).length).toBeGreaterThan(0);
        expect(outcomes.filter((o) => o.kind === 'answered' && o.at > signalledAt + 1_000)).toEqual([]);
      } finally {
        stopped = true;
        agent.destroy();
        await server.stop();
        await undoSlow();
      }
    });

    it('a client that never lets go (a body that never finishes) cannot hold the process past SHUTDOWN_TIMEOUT_MS', async () => {
      const server = await startServer({ DATABASE_URL: env.databaseUrl, SHUTDOWN_TIMEOUT_MS: '800' });
      const client = await env.fixtures.account();
      const url = new URL(server.baseUrl);
      const socket = connect(Number(url.port), url.hostname);
      const closed = new Promise((done) => socket.on('close', done));
      socket.on('error', () => undefined);
      socket.write(
        `POST /v1/missions/demands HTTP/1.1\r\nHost: x\r\nclient-id: ${client.headers['client-id']}\r\nclient-secret: ${client.headers['client-secret']}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"missionMainId":',
      );
      // Authenticated (a database round trip), then waiting for the rest of its body.
      await new Promise((tick) => setTimeout(tick, 300));
      const exited = exitOf(server);
      const signalledAt = Date.now();
      server.process.kill('SIGTERM');
      expect(await exited).toBe(1);
      expect(Date.now() - signalledAt).toBeLessThan(800 + 1_500);
      await closed;
      expect(parseLogLines(server.output()).some((entry) => String(entry['msg']).includes('longer than SHUTDOWN_TIMEOUT_MS'))).toBe(true);
    });
  });

  describe('bind address: HOST, 0.0.0.0 by default with DATABASE_URL', () => {
    it('with DATABASE_URL and no HOST, the service listens on every interface', async () => {
      const listening = await env.server.waitForLog((entry) => entry['msg'] === 'listening');
      expect(listening['address']).toBe('0.0.0.0');
    });

    it('HOST is honoured: bound to 127.0.0.2, the service answers there and not on 127.0.0.1', async () => {
      const server = await startServer({ DATABASE_URL: env.databaseUrl, HOST: '127.0.0.2' });
      try {
        expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
        expect((await request(server.baseUrl).get('/health')).status).toBe(200);
        expect(await canConnect('127.0.0.1', Number(new URL(server.baseUrl).port))).toBe(false);
      } finally {
        await server.stop();
      }
    });
  });

  describe('the embedded demo (no DATABASE_URL)', () => {
    let dataDir: string;
    let port: number;
    let embeddedPgPort: number;
    let embedded: RunningServer | undefined;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'mwr-e2e-embedded-'));
      // As root the embedded server runs as the OS user postgres, which must enter the folder.
      chmodSync(dataDir, 0o755);
      port = await freePort();
      embeddedPgPort = await freePort();
      embedded = await startServer({ DATABASE_URL: '', DATA_DIR: join(dataDir, 'data'), EMBEDDED_PG_PORT: String(embeddedPgPort), PORT: String(port) });
    }, 60_000);

    afterAll(async () => {
      await embedded?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('listens on 127.0.0.1 only by default: its demo secret is printed, so it is not offered to the network', async () => {
      const listening = await (embedded as RunningServer).waitForLog((entry) => entry['msg'] === 'listening');
      expect(listening['address']).toBe('127.0.0.1');
      expect(await canConnect('127.0.0.1', port)).toBe(true);
      // 127.0.0.2 is loopback too: a server on every interface would accept there.
      expect(await canConnect('127.0.0.2', port)).toBe(false);
    });

    it('a second start on the busy port: one clear line on stderr, exit 1, no banner, no database started', async () => {
      const otherDataDir = join(dataDir, 'second');
      const child = spawn(process.execPath, ['tools/run-ts.cjs', 'apps/api/src/main.ts'], {
        cwd: WORKSPACE,
        env: { ...process.env, DATABASE_URL: '', CREDENTIALS_PEPPER: PEPPER, DATA_DIR: otherDataDir, EMBEDDED_PG_PORT: String(await freePort()), PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const code = await new Promise((done) => child.once('exit', done));
      expect(code).toBe(1);
      expect(stderr).toBe(`Port ${port} on 127.0.0.1 is already in use (is the service already running?); set PORT to another port\n`);
      expect(stdout).toBe('');
      expect(existsSync(otherDataDir)).toBe(false);
    });

    it('SIGTERM lets a request in flight finish before the service stops its database (exit 0)', async () => {
      const server = embedded as RunningServer;
      embedded = undefined;
      const sql = new Pool({ connectionString: `postgres://postgres:postgres@127.0.0.1:${embeddedPgPort}/postgres`, max: 1 });
      // Its idle connection ends with the database, as it should.
      sql.on('error', () => undefined);
      try {
        const fixtures = new Fixtures(sql);
        const client = await fixtures.account();
        const catalog = await fixtures.catalog(client.accountId);
        await fixtures.slowDemandInserts(client.accountId, 0.7);
        const inFlight = request(server.baseUrl)
          .post('/v1/missions/demands')
          .set(client.headers)
          .send({ missionMainId: catalog.plainMission, datePicked: '2026-12-01', participants: 1 })
          .then((res) => res);
        await new Promise((tick) => setTimeout(tick, 300));
        const exitCode = server.stop();
        expect((await inFlight).status).toBe(201);
        expect(await exitCode).toBe(0);
      } finally {
        await sql.end();
      }
      expect(await canConnect('127.0.0.1', port)).toBe(false);
      expect(await canConnect('127.0.0.1', embeddedPgPort)).toBe(false);
    });
  });

  it('a busy port with DATABASE_URL is refused the same way, before the database is touched', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((done) => blocker.listen(0, '0.0.0.0', done));
    const { port } = blocker.address() as AddressInfo;
    try {
      const child = spawn(process.execPath, ['tools/run-ts.cjs', 'apps/api/src/main.ts'], {
        cwd: WORKSPACE,
        env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test_never_reached', CREDENTIALS_PEPPER: PEPPER, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      expect(await new Promise((done) => child.once('exit', done))).toBe(1);
      expect(stderr).toBe(`Port ${port} on 0.0.0.0 is already in use (is the service already running?); set PORT to another port\n`);
    } finally {
      await new Promise((done) => blocker.close(done));
    }
  });
});
