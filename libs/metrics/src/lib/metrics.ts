import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Everything the service exposes at `/metrics`. One registry per process, defined here once, so
 * that every app (the API, the webhook worker) counts into the same names: Prometheus adds the
 * instances' series up, and a name defined twice would throw at start.
 */
export const metricsRegistry = new Registry();

/** Seconds from the request's arrival to the last byte of its answer, by route pattern (never the raw path). */
export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  // From a cached listing (a few ms) to the statement timeout (15 s by default).
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
  registers: [metricsRegistry],
});

/** Report cache lookups: `hit` answered from the cache, `miss` read from the database (a store that is down misses). */
export const reportCacheLookups = new Counter({
  name: 'report_cache_lookups_total',
  help: 'Report cache lookups, by result (hit or miss).',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

export const rateLimitRefusals = new Counter({
  name: 'rate_limit_refusals_total',
  help: 'Requests refused with 429 because their client account went past its rate limit.',
  registers: [metricsRegistry],
});

export const authFailureRefusals = new Counter({
  name: 'auth_failure_refusals_total',
  help: 'Requests refused with 429 before their credentials were looked up: their address or client id went past its failed-authentication limit.',
  registers: [metricsRegistry],
});

/**
 * Webhook delivery attempts, by outcome: `delivered` (a 2xx), `failed` (another answer, none, or
 * no connection: tried again later), `abandoned` (failed past the retry period: given up),
 * `lease_lost` (sent, but its lease had run out and another worker had taken the delivery over,
 * so its outcome was not recorded and that worker's attempt counts instead). Counted by the worker,
 * which sends them.
 */
export const webhookDeliveries = new Counter({
  name: 'webhook_deliveries_total',
  help: 'Webhook delivery attempts, by outcome (delivered, failed, abandoned, lease_lost).',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export type WebhookDeliveryOutcome = 'delivered' | 'failed' | 'abandoned' | 'lease_lost';

/** Seconds from the POST to the receiver's status line (or to the error or timeout that ended the attempt), by outcome. */
export const webhookDeliveryDuration = new Histogram({
  name: 'webhook_delivery_duration_seconds',
  help: 'Time a webhook delivery attempt took, from the POST to the answer or the failure, by outcome.',
  labelNames: ['outcome'] as const,
  // From a receiver on the same network (a few ms) to the send timeout (10 s).
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Participants the worker's clock expired (WAITING past their mission day, SCHEDULED past the SLA tolerance). */
export const participantsExpired = new Counter({
  name: 'participants_expired_total',
  help: 'Participants expired by the clock.',
  registers: [metricsRegistry],
});

/** What a connection pool says of itself at one moment. */
export interface PoolStatistics {
  /** Connections open, idle or in use. */
  total: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

const pools = new Map<string, () => PoolStatistics>();

function poolGauge(name: string, help: string, read: (statistics: PoolStatistics) => number): Gauge<'pool'> {
  return new Gauge({
    name,
    help,
    labelNames: ['pool'] as const,
    registers: [metricsRegistry],
    // Read at scrape time: a pool that is gone leaves no stale series behind.
    collect() {
      this.reset();
      for (const [pool, statistics] of pools) this.set({ pool }, read(statistics()));
    },
  });
}

poolGauge('database_pool_connections', 'Connections open in a database pool, idle or in use.', (s) => s.total);
poolGauge('database_pool_idle_connections', 'Idle connections of a database pool.', (s) => s.idle);
poolGauge('database_pool_waiting_requests', 'Callers waiting for a connection of a database pool.', (s) => s.waiting);

/**
 * Reports a pool under `name` until the returned function is called. A second pool under the same
 * name (an app started again in the same process) takes the name over.
 */
export function observeDatabasePool(name: string, statistics: () => PoolStatistics): () => void {
  pools.set(name, statistics);
  return () => {
    if (pools.get(name) === statistics) pools.delete(name);
  };
}

let processMetrics = false;

/** Adds Node's own metrics (CPU, memory, event loop delay, handles); once per process. */
export function enableProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** The exposition: the body and its Content-Type. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
