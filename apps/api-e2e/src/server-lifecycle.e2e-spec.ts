import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, chmodSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import { PEPPER, startServer, WORKSPACE, type RunningServer } from './support/server';

function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
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

describe('the server process: port and bind address', () => {
  const env = useE2eEnvironment();

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
