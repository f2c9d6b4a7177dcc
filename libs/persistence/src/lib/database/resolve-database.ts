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
