import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../../..');
const PEPPER = 'cli-int-spec-pepper-0123456789abcdef';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return new Promise((done) => {
    execFile(file, args, { cwd: ROOT, env }, (error, stdout, stderr) => {
      done({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr });
    });
  });
}

const environment = (databaseUrl: string) => ({
  PATH: process.env['PATH'],
  DATABASE_URL: databaseUrl,
  CREDENTIALS_PEPPER: PEPPER,
  REPORT_TIME_ZONE: 'America/Sao_Paulo',
});

/** The real CLI as `npm run -s cli` runs it; only what it needs is in its environment. */
export function runCli(databaseUrl: string, args: readonly string[]): Promise<CliRun> {
  return run(process.execPath, ['tools/run-ts.cjs', 'apps/cli/src/main.ts', ...args], environment(databaseUrl));
}

/** Through npm itself, exactly as the README writes it; npm needs a home for its configuration. */
export function runCliThroughNpm(databaseUrl: string, args: readonly string[]): Promise<CliRun> {
  return run('npm', ['run', '-s', 'cli', '--', ...args], { ...environment(databaseUrl), HOME: process.env['HOME'] });
}

/** The JSON a successful run printed. */
export function printed<T = Record<string, unknown>>(run: CliRun): T {
  expect(run).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(run.stdout) as T;
}
