import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import { freePort } from './support/free-port';
import { type RunningServer, startServer } from './support/server';

/** The value of the sample of `name` whose labels include `labels`, or undefined when there is none. */
function sample(body: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of body.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const DEMAND_ID = '6f1c2d9e-4b7a-4c1e-9d3f-0a1b2c3d4e5f';

describe('metrics (issue 9: Prometheus at GET /metrics, not under /v1, off unless METRICS=true or METRICS_PORT)', () => {
  const env = useE2eEnvironment();

  it('off by default: GET /metrics is an unknown path, 404 "Not found" (contract section 3)', async () => {
    const res = await request(env.server.baseUrl).get('/metrics');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found' });
  });

  describe('METRICS=true: on the main port, without credentials', () => {
    let server: RunningServer;
    const scrape = async () => {
      const res = await request(server.baseUrl).get('/metrics');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.text;
    };

    beforeAll(async () => {
      server = await startServer({ DATABASE_URL: env.databaseUrl, METRICS: 'true', RATE_LIMIT_PER_MINUTE: '2', AUTH_FAILURE_LIMIT_PER_CLIENT_ID: '2' });
    }, 60_000);

    afterAll(async () => {
      await server?.stop();
    });

    it('counts a request by route pattern and status, never by the raw path with its id', async () => {
      const client = await env.fixtures.account();
      const count = (body: string) =>
        sample(body, 'http_request_duration_seconds_count', { method: 'GET', route: '/v1/missions/demands/:id', status_code: '404' }) ?? 0;
      const before = count(await scrape());
      expect((await request(server.baseUrl).get(`/v1/missions/demands/${DEMAND_ID}`).set(client.headers)).status).toBe(404);
      expect((await request(server.baseUrl).get('/v1/missions/demands/another-id').set(client.headers)).status).toBe(404);
      const after = await scrape();
      expect(count(after)).toBe(before + 2);
      expect(sample(after, 'http_request_duration_seconds_bucket', { route: '/v1/missions/demands/:id', status_code: '404', le: '+Inf' })).toBe(before + 2);
      expect(after).not.toContain(DEMAND_ID);
      expect(after).not.toContain('another-id');
    });

    it('counts the answers the pipeline gives before any route runs: 401 under its route, an unknown path as unmatched', async () => {
      const unauthorized = () => sample(body, 'http_request_duration_seconds_count', { route: '/v1/registers/results', status_code: '401' }) ?? 0;
      let body = await scrape();
      const before = unauthorized();
      expect((await request(server.baseUrl).get('/v1/registers/results?page=1')).status).toBe(401);
      expect((await request(server.baseUrl).get('/no/such/path/12345')).status).toBe(404);
      body = await scrape();
      expect(unauthorized()).toBe(before + 1);
      expect(sample(body, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
      expect(body).not.toContain('/no/such/path');
    });

    it('counts rate-limit refusals (429) and report cache hits and misses', async () => {
      const client = await env.fixtures.account();
      const refusals = (body: string) => sample(body, 'rate_limit_refusals_total') ?? 0;
      const lookups = (body: string, result: string) => sample(body, 'report_cache_lookups_total', { result }) ?? 0;
      const before = await scrape();
      const deliveries = () => request(server.baseUrl).get('/v1/deliveries/results?startedAt=2026-03-10&endedAt=2026-03-10').set(client.headers);
      expect((await deliveries()).status).toBe(200);
      expect((await deliveries()).status).toBe(200);
      expect((await deliveries()).status).toBe(429);
      const after = await scrape();
      expect(refusals(after)).toBe(refusals(before) + 1);
      expect(lookups(after, 'miss')).toBe(lookups(before, 'miss') + 1);
      expect(lookups(after, 'hit')).toBe(lookups(before, 'hit') + 1);
    });

    it('counts failed-authentication refusals (429 before the credentials are looked up)', async () => {
      const before = sample(await scrape(), 'auth_failure_refusals_total') ?? 0;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await request(server.baseUrl).get('/v1/events').set({ 'client-id': 'cl_metrics_probe', 'client-secret': 'wrong' })).status);
      }
      const refused = statuses.filter((status) => status === 429).length;
      expect(refused).toBeGreaterThanOrEqual(1);
      expect(sample(await scrape(), 'auth_failure_refusals_total')).toBe(before + refused);
    });

    it('reports both database pools, the webhook delivery counter and the process', async () => {
      const body = await scrape();
      for (const pool of ['primary', 'listings']) {
        expect(sample(body, 'database_pool_connections', { pool })).toBeGreaterThanOrEqual(0);
        expect(sample(body, 'database_pool_idle_connections', { pool })).toBeGreaterThanOrEqual(0);
        expect(sample(body, 'database_pool_waiting_requests', { pool })).toBe(0);
      }
      expect(sample(body, 'database_pool_connections', { pool: 'primary' })).toBeGreaterThanOrEqual(1);
      expect(body).toContain('# TYPE webhook_deliveries_total counter');
      expect(sample(body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    });
  });

  it('METRICS_PORT: served on a port of its own, bound to HOST, and absent from the main port', async () => {
    const metricsPort = await freePort();
    const server = await startServer({ DATABASE_URL: env.databaseUrl, HOST: '127.0.0.1', METRICS_PORT: String(metricsPort) });
    try {
      expect(await server.waitForLog((entry) => entry['msg'] === 'metrics listening')).toMatchObject({ address: '127.0.0.1', port: metricsPort });
      expect((await request(server.baseUrl).get('/metrics')).status).toBe(404);
      expect((await request(server.baseUrl).get('/health/ready')).status).toBe(200);
      const metrics = `http://127.0.0.1:${metricsPort}`;
      const res = await request(metrics).get('/metrics');
      expect(res.status).toBe(200);
      expect(sample(res.text, 'http_request_duration_seconds_count', { method: 'GET', route: '/health/ready', status_code: '200' })).toBe(1);
      expect(sample(res.text, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBe(1);
      const elsewhere = await request(metrics).get('/v1/events');
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body).toEqual({ error: 'Not found' });
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
