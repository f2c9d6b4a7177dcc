import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { httpRequestDuration } from '@mwr/metrics';
import type { RouteLabels } from './route-patterns';

/**
 * Times every request the server answers, by method, route pattern and status, on Node's own
 * request event: ahead of the HTTP framework, so the answers its pipeline gives before any route
 * runs (401, 429, 413, 415, 404) are counted too, and the same code serves any adapter. A request
 * whose client went away before the answer was sent has no status, and is not counted.
 */
export function recordRequestDurations(server: Server, routes: RouteLabels): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const stop = httpRequestDuration.startTimer();
    // Read now: frameworks rewrite req.url while routing (Express strips a mounted prefix).
    const url = req.url ?? '/';
    res.once('finish', () => {
      stop({ method: req.method ?? 'UNKNOWN', route: routes.label(url), status_code: res.statusCode });
    });
  });
}
