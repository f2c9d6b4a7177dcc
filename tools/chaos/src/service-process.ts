import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { resolve } from 'node:path';

export const WORKSPACE = resolve(__dirname, '../../..');

/** A port free on loopback right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

/** The service as a user starts it (`node tools/run-ts.cjs apps/api/src/main.ts`), its output sent to `output`. */
export class ServiceProcess {
  private child: ChildProcess | null = null;

  constructor(
    private readonly env: Record<string, string>,
    private readonly output: NodeJS.WritableStream,
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.env['PORT']}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts it and waits until `/health` answers 200. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, ['tools/run-ts.cjs', 'apps/api/src/main.ts'], {
      cwd: WORKSPACE,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(this.output, { end: false });
    child.stderr?.pipe(this.output, { end: false });
    this.child = child;
    for (let waited = 0; waited < 60_000; waited += 50) {
      if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode} while starting (see the run's log)`);
      const healthy = await fetch(`${this.baseUrl}/health`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (healthy) return;
      await new Promise((done) => setTimeout(done, 50));
    }
    throw new Error('the service did not answer /health within 60 s');
  }

  /** SIGTERM, then the exit code and how long the process took to end. */
  async terminate(): Promise<{ code: number | null; ms: number }> {
    const child = this.child;
    if (!child || child.exitCode !== null) return { code: child?.exitCode ?? null, ms: 0 };
    const started = performance.now();
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    child.kill('SIGTERM');
    const code = await exited;
    return { code, ms: performance.now() - started };
  }

  /** For the suite's own exit: nothing is left running. */
  kill(): void {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

/** `npm run -s cli -- <args>` as the README has it: its JSON output, parsed. */
export function runCli<T>(args: string[], env: Record<string, string>): Promise<T> {
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', '-s', 'cli', '--', ...args], {
      cwd: WORKSPACE,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', fail);
    child.once('exit', (code) => {
      if (code !== 0) return fail(new Error(`cli ${args.join(' ')} exited with ${code}: ${stderr.trim()}`));
      try {
        done(JSON.parse(stdout) as T);
      } catch {
        fail(new Error(`cli ${args.join(' ')} printed no JSON: ${stdout.slice(0, 200)}`));
      }
    });
  });
}
