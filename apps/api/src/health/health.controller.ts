import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';

const PROBE_TIMEOUT_MS = 2_000;

/** Liveness and database state for operators and load balancers; outside /v1 and unauthenticated. */
@Controller('health')
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  async check(@Res() reply: FastifyReply): Promise<void> {
    const up = await Promise.race([
      this.dataSource.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(resolve, PROBE_TIMEOUT_MS, false).unref()),
    ]);
    void reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' });
  }
}
