import { Controller, Get, Header } from '@nestjs/common';
import { metricsRegistry, renderMetrics } from '@mwr/metrics';

/**
 * Prometheus metrics on the main port, mounted only with METRICS=true (otherwise `/metrics` is an
 * unknown path, 404). Outside /v1, with no credentials: nothing in it names a client account.
 */
@Controller('metrics')
export class MetricsController {
  @Get()
  @Header('Content-Type', metricsRegistry.contentType)
  @Header('Cache-Control', 'no-store')
  async scrape(): Promise<string> {
    return (await renderMetrics()).body;
  }
}
