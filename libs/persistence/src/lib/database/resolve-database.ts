import { join } from 'node:path';
import { startEmbeddedPostgres } from './embedded-postgres';

export interface ResolvedDatabase {
  url: string;
  embedded: boolean;
  /** Stops the embedded server if this process started it. */
  release(): Promise<void>;
}

/** The configured server, or else the embedded one kept under `dataDir/postgres`. */
export async function resolveDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  embeddedPort: number;
  log?: (line: string) => void;
  warn?: (line: string) => void;
}): Promise<ResolvedDatabase> {
  if (options.databaseUrl !== null) {
    return { url: options.databaseUrl, embedded: false, release: async () => undefined };
  }
  const server = await startEmbeddedPostgres({
    directory: join(options.dataDir, 'postgres'),
    port: options.embeddedPort,
    log: options.log,
    warn: options.warn,
  });
  return { url: server.url, embedded: true, release: () => server.stop() };
}

const SHUTDOWN_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

/**
 * The embedded PostgreSQL's library stops its servers and exits the process as soon as SIGINT or
 * SIGTERM arrives, cutting off work in flight; the API and the worker shut down first, then stop
 * the database, so they start it through this. (The CLI keeps the library's handlers: Ctrl-C stops
 * what it started.) The library's exit hook, a last resort if the process ends otherwise, stays.
 */
export async function keepingShutdownSignals<T>(start: () => Promise<T>): Promise<T> {
  const before = new Map(SHUTDOWN_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  try {
    return await start();
  } finally {
    for (const signal of SHUTDOWN_SIGNALS) {
      for (const listener of process.listeners(signal)) {
        if (!before.get(signal)?.includes(listener)) process.removeListener(signal, listener);
      }
    }
  }
}
