import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';

/** A Redis of the suite's own on a loopback port, with nothing written to disk. */
export class PrivateRedis {
  private child: ChildProcess | null = null;

  constructor(
    readonly port: number,
    private readonly output: NodeJS.WritableStream,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(this.output, { end: false });
    child.stderr?.pipe(this.output, { end: false });
    const failed = new Promise<never>((_, reject) => {
      child.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'ENOENT' ? new Error('redis-server was not found on PATH: the suite starts a Redis of its own') : error),
      );
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code} (see the run's log)`)));
    });
    this.child = child;
    await Promise.race([failed, this.untilAnswering()]);
    child.removeAllListeners('exit');
  }

  /** SIGTERM: with nothing to save, Redis closes its connections and exits at once. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  /** Milliseconds until the service has written to this Redis (a restarted one starts empty), or null within `withinMs`. */
  async untilWritten(withinMs: number): Promise<number | null> {
    const started = performance.now();
    while (performance.now() - started < withinMs) {
      const reply = await command(this.port, 'DBSIZE');
      if (reply !== null && /^:[1-9]/.test(reply)) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return null;
  }

  private async untilAnswering(): Promise<void> {
    for (let waited = 0; waited < 10_000; waited += 20) {
      if ((await command(this.port, 'PING'))?.startsWith('+PONG')) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`Redis on port ${this.port} did not answer PING within 10 s`);
  }
}

/** One inline command on a connection of its own: the first chunk of its reply, or null. */
function command(port: number, name: string): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(null);
    });
    socket.once('connect', () => socket.write(`${name}\r\n`));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString());
    });
    socket.once('error', () => resolve(null));
  });
}
