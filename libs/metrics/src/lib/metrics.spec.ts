import { observeDatabasePool, renderMetrics, webhookDeliveries } from './metrics';

const line = (body: string, prefix: string) => body.split('\n').find((entry) => entry.startsWith(prefix));

describe('metrics registry', () => {
  it('reports each observed database pool by name at scrape time, and forgets it once released', async () => {
    let waiting = 0;
    const release = observeDatabasePool('primary', () => ({ total: 4, idle: 1, waiting }));
    waiting = 3;
    const { body, contentType } = await renderMetrics();
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(line(body, 'database_pool_connections{pool="primary"}')).toBe('database_pool_connections{pool="primary"} 4');
    expect(line(body, 'database_pool_idle_connections{pool="primary"}')).toBe('database_pool_idle_connections{pool="primary"} 1');
    expect(line(body, 'database_pool_waiting_requests{pool="primary"}')).toBe('database_pool_waiting_requests{pool="primary"} 3');
    release();
    expect(line((await renderMetrics()).body, 'database_pool_connections{pool="primary"}')).toBeUndefined();
  });

  it('a pool observed again under the same name replaces the first; releasing the first then leaves the second', async () => {
    const releaseFirst = observeDatabasePool('listings', () => ({ total: 1, idle: 1, waiting: 0 }));
    const releaseSecond = observeDatabasePool('listings', () => ({ total: 7, idle: 0, waiting: 0 }));
    releaseFirst();
    expect(line((await renderMetrics()).body, 'database_pool_connections{pool="listings"}')).toBe('database_pool_connections{pool="listings"} 7');
    releaseSecond();
  });

  it('exports the webhook delivery counter for the app that sends them', async () => {
    webhookDeliveries.inc({ outcome: 'delivered' });
    expect(line((await renderMetrics()).body, 'webhook_deliveries_total{outcome="delivered"}')).toBe('webhook_deliveries_total{outcome="delivered"} 1');
  });
});
