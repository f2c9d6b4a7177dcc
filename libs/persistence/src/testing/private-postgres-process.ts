import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startEmbeddedPostgres } from '../lib/database/embedded-postgres';

const WORKSPACE = resolve(__dirname, '../../../..');

/**
 * A PostgreSQL of one test's own that the test may stop and start again, its data kept in a
 * temporary folder: the shared server is never stopped. The server runs under a child process,
 * because Jest's module sandbox cannot load the embedded binaries (an ESM-only package).
 */
export class PrivatePostgresProcess {
  private child: ChildProcess | null = null;
  private serverUrl = '';

  private constructor(
    private readonly directory: string,
    private readonly port: number,
  ) {}

  static async start(): Promise<PrivatePostgresProcess> {
    const directory = mkdtempSync(join(tmpdir(), 'mwr-private-pg-'));
    // As root the server runs as the OS user postgres, which must be able to enter the folder.
    chmodSync(directory, 0o755);
    const server = new PrivatePostgresProcess(directory, await freePort());
    await server.startServer();
    return server;
  }

  /** The `postgres` database of the server. */
  get url(): string {
    return this.serverUrl;
  }

  /** Starts the server again on the same files and port. */
  async startServer(): Promise<void> {
    const child = spawn(process.execPath, ['tools/run-ts.cjs', __filename, this.directory, String(this.port)], {
      cwd: WORKSPACE,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let output = '';
    this.serverUrl = await new Promise<string>((started, failed) => {
      const timer = setTimeout(() => failed(new Error(`the private PostgreSQL did not start:\n${output}`)), 60_000);
      child.once('exit', (code) => failed(new Error(`the private PostgreSQL exited with ${code}:\n${output}`)));
      child.stderr?.on('data', (chunk) => (output += chunk));
      child.stdout?.on('data', (chunk) => {
        output += chunk;
        const url = /^postgres:\/\/\S+$/m.exec(output);
        if (url) {
          clearTimeout(timer);
          started(url[0]);
        }
      });
    });
  }

  /** A fast shutdown: sessions are ended, then the port refuses connections. */
  async stopServer(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }

  async remove(): Promise<void> {
    await this.stopServer();
    rmSync(this.directory, { recursive: true, force: true });
  }
}

/** A loopback port nothing listens on now: bound for a moment, then released. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  await new Promise((closed) => server.close(closed));
  return port;
}

// Run as the child: start the server, print its URL, stop it on SIGTERM.
if (process.argv[1] === __filename) {
  const [directory, port] = process.argv.slice(2);
  void startEmbeddedPostgres({ directory, port: Number(port), persistent: true }).then((server) => {
    process.once('SIGTERM', () => void server.stop().finally(() => process.exit(0)));
    process.stdout.write(`${server.url}\n`);
  });
}
