import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { freePort } from './free-port';

export interface PrivateRedis {
  url: string;
  /** SIGSTOP: the server keeps its connections open and answers nothing, as a stuck Redis does. */
  freeze(): void;
  /** SIGCONT: it answers again, starting with what waited. */
  thaw(): void;
  stop(): Promise<void>;
}

/** Whether a redis-server binary is on the PATH. */
export function redisServerAvailable(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * A redis-server of the test's own, on a free loopback port, with nothing saved to disk: the only
 * kind a test may freeze, never the machine's shared one.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.once('exit', (code) => fail(new Error(`redis-server exited with ${code}:\n${output}`)));
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        ready();
      }
    });
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    url: `redis://127.0.0.1:${port}`,
    freeze: () => void child.kill('SIGSTOP'),
    thaw: () => void child.kill('SIGCONT'),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
