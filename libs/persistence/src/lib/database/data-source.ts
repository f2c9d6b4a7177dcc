import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ORM_ENTITIES } from '../entities';
import { MIGRATIONS } from '../migrations';

export interface DataSourceOptions {
  url: string;
  poolSize?: number;
  /** Called when an idle pooled connection fails (a database restart, say); without a listener pg would crash the process. */
  onPoolError?: (error: Error) => void;
  applicationName?: string;
  /**
   * Longest a statement may run (server side) or wait for its answer (client side). A database
   * that stalls instead of refusing connections then fails requests instead of hanging them.
   * 0 sets no limit: for migrations and operators' tools, whose statements may rightly take long.
   */
  queryTimeoutMs?: number;
  /**
   * Longest a caller waits for a connection, a free one of the pool or a new one being opened. A
   * database that stalls holds every pooled connection; the requests behind them then fail after
   * this wait instead of queueing for the whole statement timeout.
   */
  acquireTimeoutMs?: number;
  /** Settings every session of the pool starts with (`-c name=value`). */
  sessionSettings?: Readonly<Record<string, string | number>>;
}

/**
 * The listings' pool plans their joins in the order they are written: each page statement starts
 * from the page's ids and reaches every other row by its key, which is already the best order, and
 * the planner's search of the other orders of six or seven joins cost more than running the
 * statement (point of sale: 6 ms of planning for 1 ms of execution at a million missions).
 */
export const LISTING_SESSION_SETTINGS = { join_collapse_limit: 1 } as const;

/** The `options` startup parameter that gives each new session the settings. */
export function sessionOptions(settings: Readonly<Record<string, string | number>>): string {
  return Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
}

export const DEFAULT_QUERY_TIMEOUT_MS = 15_000;
export const DEFAULT_ACQUIRE_TIMEOUT_MS = 5_000;

function timeouts(queryTimeoutMs: number): Record<string, number> {
  if (queryTimeoutMs === 0) return {};
  // The client waits a little longer than the server's own limit, for when the server cannot answer.
  return { statement_timeout: queryTimeoutMs, query_timeout: queryTimeoutMs + 1_000 };
}

export function createDataSource(options: DataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.url,
    entities: ORM_ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    applicationName: options.applicationName ?? 'mission-workforce-results',
    poolSize: options.poolSize ?? 10,
    extra: {
      connectionTimeoutMillis: options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS,
      ...timeouts(options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS),
      keepAlive: true,
      ...(options.sessionSettings ? { options: sessionOptions(options.sessionSettings) } : {}),
    },
  });
}

/** What the pool hands back on release: pg's client, seen through what is asked of it here. */
interface PooledClient {
  getTransactionStatus(): string | null;
  _getActiveQuery(): unknown;
  end(): Promise<void>;
}

interface Pool {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'release', listener: (error: Error | undefined, client: PooledClient) => void): void;
}

/**
 * A connection given back with a statement still running, or inside a transaction, is closed
 * instead of pooled. It happens when the client gave up on a stalled server (query_timeout) and
 * not even the ROLLBACK reached it in time: pooled, the next user's statements would queue behind
 * the stale one and then run inside its transaction, whose COMMIT would store the failed request's
 * writes with its own. Closed, the server rolls the transaction back when it wakes.
 */
function closeUnsettled(error: Error | undefined, client: PooledClient): void {
  if (error) return;
  const status = client.getTransactionStatus();
  if (client._getActiveQuery() || (status !== null && status !== 'I')) void client.end().catch(() => undefined);
}

/** Opens the pool and attaches its listeners in one step, so no caller can forget them. */
export async function openDataSource(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = createDataSource(options);
  await dataSource.initialize();
  const driver = dataSource.driver as unknown as { master?: Pool };
  driver.master?.on('error', options.onPoolError ?? (() => undefined));
  // pg-pool drops a client that is ending when it is released: the listener runs just before.
  driver.master?.on('release', closeUnsettled);
  return dataSource;
}

/**
 * What the data source's pool holds now: connections open (idle or in use), idle ones, and callers
 * waiting for one. All zero once the pool is closed.
 */
export function poolStatistics(dataSource: DataSource): { total: number; idle: number; waiting: number } {
  const pool = (dataSource.driver as unknown as { master?: Pool }).master;
  if (!dataSource.isInitialized || !pool) return { total: 0, idle: 0, waiting: 0 };
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

// Any constant shared by every instance of the service; it names the lock, nothing else.
const MIGRATION_LOCK = 727_410_001;

/**
 * Applies pending migrations. Instances starting at once take turns under an advisory lock, held
 * on a connection of its own (the data source's pool may have one connection only); the later ones
 * find nothing left to apply.
 */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const lock = new Client({ connectionString: (dataSource.options as { url?: string }).url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    // Ending the session releases the lock, even if the unlock itself could not be sent.
    await lock.end();
  }
}

/** Migrates the database at `url` through a pool of its own, with no statement limit: what an app does at start. */
export async function migrateDatabase(url: string): Promise<string[]> {
  const setup = await openDataSource({ url, poolSize: 1, queryTimeoutMs: 0 });
  try {
    return await migrate(setup);
  } finally {
    await setup.destroy();
  }
}
