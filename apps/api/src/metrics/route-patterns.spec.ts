import { apiControllers } from '../app.module';
import { RouteLabels, routePatterns, UNMATCHED_ROUTE } from './route-patterns';

describe('route labels of the request metrics (issue 9: durations per route, the pattern and never the raw URL with ids)', () => {
  const labels = new RouteLabels([...routePatterns(apiControllers(true)), '/docs', '/docs-json', '/docs/*']);

  it('reads every route pattern the controllers declare', () => {
    expect(routePatterns(apiControllers(false)).sort()).toEqual([
      '/health',
      '/health/live',
      '/health/ready',
      '/v1/deliveries/results',
      '/v1/events',
      '/v1/forms-data/customers',
      '/v1/missions-users/workforce/reports',
      '/v1/missions/demands',
      '/v1/missions/demands/:id',
      '/v1/pdv/results',
      '/v1/registers/results',
      '/v1/webhooks',
      '/v1/webhooks/:id',
      '/v1/webhooks/:id/deliveries',
    ]);
    expect(routePatterns(apiControllers(true))).toContain('/metrics');
  });

  it.each([
    ['/v1/missions/demands/6f1c2d9e-0000-4000-8000-000000000001', '/v1/missions/demands/:id'],
    ['/v1/webhooks/0190a7c4-5b2e-7c3d-8e4f-123456789abc/deliveries?page=2', '/v1/webhooks/:id/deliveries'],
    ['/v1/webhooks/abc', '/v1/webhooks/:id'],
    ['/v1/pdv/results?startedAt=2026-01-01&endedAt=2026-01-31&search=caf%C3%A9', '/v1/pdv/results'],
    ['/v1/events/', '/v1/events'],
    ['/health/ready', '/health/ready'],
    ['/docs/swagger-ui.css', '/docs/*'],
    ['/docs-json', '/docs-json'],
  ])('%s is counted under %s', (url, pattern) => {
    expect(labels.label(url)).toBe(pattern);
  });

  it.each(['/v1/missions/demands/1/2', '/v1/nothing', '/', '/v1/webhooks/1/deliveries/2', '/wp-login.php'])(
    'a path no route declares, %s, is counted under one label',
    (url) => {
      expect(labels.label(url)).toBe(UNMATCHED_ROUTE);
    },
  );
});
