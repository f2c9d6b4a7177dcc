import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const WORKSPACE = resolve(__dirname, '../../../..');
export const PEPPER = 'e2e-pepper-0123456789abcdef0123456789abcdef';

export interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  /** Everything the server wrote to stdout so far, one JSON log line each. */
  output(): string;
  /** The first JSON log line matching `predicate`, waiting up to 5 s for it to arrive. */
  waitForLog(predicate: (entry: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

function run(entry: string, env: Record<string, string>) {
  return spawn(process.execPath, ['tools/run-ts.cjs', entry], {
    cwd: WORKSPACE,
    env: { ...process.env, CREDENTIALS_PEPPER: PEPPER, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function parseLogLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

/** Starts `apps/api/src/main.ts` as a user would, on a free port, and waits until it listens. */
export function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = run('apps/api/src/main.ts', { PORT: '0', ...env });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((resolveStart, rejectStart) => {
    const timer = setTimeout(() => rejectStart(new Error(`server did not start:\n${stdout}\n${stderr}`)), 25_000);
    child.once('exit', (code) => rejectStart(new Error(`server exited with ${code}:\n${stdout}\n${stderr}`)));
    child.stdout?.on('data', () => {
      const listening = stdout.split('\n').find((line) => line.includes('"msg":"listening"'));
      if (!listening) return;
      clearTimeout(timer);
      const { address, port } = JSON.parse(listening);
      // A server on every interface is reached on loopback; one bound to an address, there.
      const host = address === undefined || address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address.includes(':') ? `[${address}]` : address;
      resolveStart({
        baseUrl: `http://${host}:${port}`,
        process: child,
        output: () => stdout,
        waitForLog: async (predicate) => {
          for (let waited = 0; waited < 5_000; waited += 50) {
            const entry = parseLogLines(stdout).find(predicate);
            if (entry) return entry;
            await new Promise((tick) => setTimeout(tick, 50));
          }
          throw new Error('log line not found');
        },
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    });
  });
}

/** Runs the CLI to completion: its exit code, stdout and stderr. */
export function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['tools/run-ts.cjs', 'apps/cli/src/main.ts', ...args], {
      cwd: WORKSPACE,
      env: { ...process.env, CREDENTIALS_PEPPER: PEPPER, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (code) => done({ code, stdout, stderr }));
  });
}
