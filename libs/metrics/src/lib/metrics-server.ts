import { createServer, type Server } from 'node:http';
import { renderMetrics } from './metrics';

/**
 * `GET /metrics` on a port of its own, bound to HOST: the API's METRICS_PORT, which operators can
 * scrape where clients cannot reach it, and the worker's WORKER_METRICS_PORT (it has no other HTTP
 * server). Anything else is the contract's 404.
 */
export async function startMetricsServer(host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'Not found' }));
      return;
    }
    renderMetrics().then(
      ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body),
      () => res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'Internal server error' })),
    );
  });
  // A scraper's idle keep-alive connection must not hold up the shutdown.
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      listening();
    });
  });
  return server;
}

/** Stops accepting, and closes the connections still open (a scrape is cheap to retry). */
export function closeMetricsServer(server: Server): Promise<void> {
  return new Promise((closed) => {
    server.close(() => closed());
    server.closeAllConnections();
  });
}
