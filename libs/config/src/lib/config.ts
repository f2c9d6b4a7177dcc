import { isIP } from 'node:net';

/** The service's settings, read from the environment once at start and checked there. */
export interface AppConfig {
  port: number;
  /**
   * Address the HTTP server binds to. 127.0.0.1 with the embedded database, whose demo account's
   * secret is printed at start; 0.0.0.0 (every interface) for a service with DATABASE_URL.
   */
  host: string;
  /** Absent: an embedded PostgreSQL under `dataDir` is started and used. */
  databaseUrl: string | null;
  /** A streaming replica of DATABASE_URL that the listings and the events feed read (docs/adr/0020). */
  databaseReplicaUrl: string | null;
  redisUrl: string | null;
  reportTimeZone: string;
  slaToleranceMinutes: number;
  /** Absent only with the embedded database, which keeps a generated one under `dataDir`. */
  credentialsPepper: string | null;
  dataDir: string;
  embeddedPostgresPort: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Requests a minute allowed to one client account by one instance; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** How long a verified credential is trusted without asking the database; 0: never (docs/adr/0017). */
  credentialsCacheSeconds: number;
  /** Longest a database statement may take before the request fails with 503. */
  databaseTimeoutMs: number;
  /** Longest a request waits for a database connection (the pool's, or a new one) before it fails with 503. */
  databaseAcquireTimeoutMs: number;
  /** Longest a shutdown may wait for requests in flight before it closes their connections and exits. */
  shutdownTimeoutMs: number;
  /** Listing requests with `search` running at once on one instance: in total, and per client account. */
  searchConcurrency: { total: number; perAccount: number };
  /**
   * Failed authentications a minute from one source address, and for one client id from all
   * addresses together, before attempts are refused with 429 (docs/adr/0012); 0 turns either off.
   */
  authFailureLimit: { perAddress: number; perClientId: number };
  /** Proxies in front of the service whose `X-Forwarded-For` names the source address; 0: none. */
  trustProxyHops: number;
  /** Webhook receivers on loopback may be registered and called (http: or https:): for tests and the demo; by default only with the embedded database. */
  webhooksAllowHttp: boolean;
  /**
   * Prometheus metrics at `GET /metrics`, off unless asked for: on the main port (`METRICS=true`),
   * and/or on a port of their own (`METRICS_PORT`, bound to `HOST`), which keeps them off the port
   * clients reach.
   */
  metrics: { onMainPort: boolean; port: number | null };
  /**
   * The worker's Prometheus metrics (webhook deliveries, the clock) at `GET /metrics` on this port,
   * bound to `HOST`; off when absent. The worker has no other HTTP server, and the API's `/metrics`
   * cannot see what another process counts.
   */
  workerMetricsPort: number | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const problems: string[] = [];
  const value = (name: string) => {
    const raw = env[name];
    return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
  };
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const parsed = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return parsed;
  };
  const url = (name: string, protocols: string[]) => {
    const raw = value(name);
    if (raw === undefined) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
      return raw;
    } catch {
      problems.push(`${name} must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL`);
      return null;
    }
  };

  const port = integer('PORT', 3000, 0, 65535);
  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const databaseReplicaUrl = url('DATABASE_REPLICA_URL', ['postgres:', 'postgresql:']);
  if (databaseReplicaUrl !== null && value('DATABASE_URL') === undefined) {
    problems.push('DATABASE_REPLICA_URL needs DATABASE_URL: the embedded database has no replica');
  }
  const host = value('HOST') ?? (databaseUrl === null ? '127.0.0.1' : '0.0.0.0');
  if (isIP(host) === 0 && !HOST_NAME.test(host)) problems.push(`HOST must be an IP address or a host name, such as 127.0.0.1 or 0.0.0.0 (got "${host}")`);
  const redisUrl = url('REDIS_URL', ['redis:', 'rediss:']);
  const reportTimeZone = value('REPORT_TIME_ZONE') ?? 'America/Sao_Paulo';
  if (!isTimeZone(reportTimeZone)) problems.push(`REPORT_TIME_ZONE must be an IANA time zone such as America/Sao_Paulo (got "${reportTimeZone}")`);
  const slaToleranceMinutes = integer('SLA_TOLERANCE_MINUTES', 15, 0, 1440);
  const credentialsPepper = value('CREDENTIALS_PEPPER') ?? null;
  if (credentialsPepper !== null && credentialsPepper.length < 32) problems.push('CREDENTIALS_PEPPER must be at least 32 characters');
  if (credentialsPepper === null && databaseUrl !== null) {
    problems.push('CREDENTIALS_PEPPER is required when DATABASE_URL is set (at least 32 random characters)');
  }
  const logLevel = (value('LOG_LEVEL') ?? 'info') as AppConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const embeddedPostgresPort = integer('EMBEDDED_PG_PORT', 54329, 1, 65535);
  const dataDir = value('DATA_DIR') ?? `${cwd}/.data`;
  const rateLimitPerMinute = integer('RATE_LIMIT_PER_MINUTE', 1200, 0, 1_000_000);
  const credentialsCacheSeconds = integer('CREDENTIALS_CACHE_SECONDS', 30, 0, 3600);
  const databaseTimeoutMs = integer('DATABASE_TIMEOUT_MS', 15_000, 100, 600_000);
  const databaseAcquireTimeoutMs = integer('DATABASE_ACQUIRE_TIMEOUT_MS', 2_000, 100, 600_000);
  const shutdownTimeoutMs = integer('SHUTDOWN_TIMEOUT_MS', 10_000, 100, 600_000);
  const searchConcurrency = {
    total: integer('SEARCH_CONCURRENCY', 2, 1, 1000),
    perAccount: integer('SEARCH_CONCURRENCY_PER_ACCOUNT', 1, 1, 1000),
  };

  const authFailureLimit = {
    perAddress: integer('AUTH_FAILURE_LIMIT_PER_ADDRESS', 30, 0, 1_000_000),
    perClientId: integer('AUTH_FAILURE_LIMIT_PER_CLIENT_ID', 60, 0, 1_000_000),
  };
  const trustProxyHops = integer('TRUST_PROXY_HOPS', 0, 0, 10);
  // A developer's own machine (the embedded database, bound to 127.0.0.1) may watch its webhooks
  // on loopback (`webhooks listen`); a service with DATABASE_URL only when told.
  const allowHttp = value('WEBHOOKS_ALLOW_HTTP') ?? (databaseUrl === null ? 'true' : 'false');
  if (allowHttp !== 'true' && allowHttp !== 'false') problems.push(`WEBHOOKS_ALLOW_HTTP must be true or false (got "${allowHttp}")`);
  const webhooksAllowHttp = allowHttp === 'true';
  const metricsFlag = value('METRICS') ?? 'false';
  if (metricsFlag !== 'true' && metricsFlag !== 'false') problems.push(`METRICS must be true or false (got "${metricsFlag}")`);
  const metricsPort = value('METRICS_PORT') === undefined ? null : integer('METRICS_PORT', 0, 1, 65535);
  if (metricsPort !== null && metricsPort === port) problems.push(`METRICS_PORT must differ from PORT (both ${port})`);
  const metrics = { onMainPort: metricsFlag === 'true', port: metricsPort };
  const workerMetricsPort = value('WORKER_METRICS_PORT') === undefined ? null : integer('WORKER_METRICS_PORT', 0, 1, 65535);
  // The API and the worker usually read the same settings on the same host: one port each.
  if (workerMetricsPort !== null && workerMetricsPort === port) problems.push(`WORKER_METRICS_PORT must differ from PORT (both ${port})`);
  if (workerMetricsPort !== null && workerMetricsPort === metricsPort) problems.push(`WORKER_METRICS_PORT must differ from METRICS_PORT (both ${metricsPort})`);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    databaseUrl,
    databaseReplicaUrl,
    redisUrl,
    reportTimeZone,
    slaToleranceMinutes,
    credentialsPepper,
    dataDir,
    embeddedPostgresPort,
    logLevel,
    rateLimitPerMinute,
    credentialsCacheSeconds,
    databaseTimeoutMs,
    databaseAcquireTimeoutMs,
    shutdownTimeoutMs,
    searchConcurrency,
    authFailureLimit,
    trustProxyHops,
    webhooksAllowHttp,
    metrics,
    workerMetricsPort,
  };
}
