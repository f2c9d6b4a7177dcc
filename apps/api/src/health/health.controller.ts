import { Controller, Get, Inject, Res, ServiceUnavailableException } from '@nestjs/common';
import { type HealthCheckResult, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { ResultCacheProbe } from '@mwr/cache';
import { LISTINGS_DATA_SOURCE } from '@mwr/persistence';
import { DataSource } from 'typeorm';

/** A database that has not answered `SELECT 1` by then is down, for every probe. */
export const PROBE_TIMEOUT_MS = 2_000;

/** What readiness asks besides the primary database and a configured Redis. */
export const READINESS_OPTIONS = Symbol('ReadinessOptions');
export interface ReadinessOptions {
  /** The listings' pool reads a replica (DATABASE_REPLICA_URL), which is then probed too. */
  replica: boolean;
}

/** What both HTTP adapters' response objects offer (Express `res.status`, Fastify `reply.status`). */
interface StatusSetter {
  status(code: number): unknown;
}

/**
 * Probes for operators, orchestrators and load balancers; outside /v1, with no credentials, and
 * naming no client account. Liveness asks nothing of the dependencies (a database outage must not
 * get every instance restarted); readiness asks the database, and Redis when it is configured.
 */
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly dataSource: DataSource,
    @Inject(LISTINGS_DATA_SOURCE) private readonly listings: DataSource,
    private readonly cache: ResultCacheProbe,
    @Inject(READINESS_OPTIONS) private readonly options: ReadinessOptions,
  ) {}

  /** The first probe, kept as it was for whatever already polls it: the database's state. */
  @Get()
  async check(@Res({ passthrough: true }) res: StatusSetter): Promise<{ status: string; database: string }> {
    const up = (await this.database()).database.status === 'up';
    res.status(up ? 200 : 503);
    return { status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' };
  }

  /** The process answers HTTP: 200 while it runs, whatever its dependencies. */
  @Get('live')
  live(): Promise<HealthCheckResult> {
    return this.health.check([]);
  }

  /**
   * Whether to send this instance traffic: 503 while the database does not answer within
   * PROBE_TIMEOUT_MS. A Redis that does not answer is reported `degraded` and the answer stays 200:
   * the cache is an optimisation, and every listing is then served from the database. So is a
   * replica that does not answer: the listings and the feed fail, but writes and every other read
   * go on, and the replica is every instance's, so failing readiness would stop them all.
   */
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: StatusSetter): Promise<HealthCheckResult> {
    const indicators = [
      () => this.database(),
      ...(this.options.replica ? [() => this.replica()] : []),
      ...(this.cache.shared ? [() => this.redis()] : []),
    ];
    try {
      return await this.health.check(indicators);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      res.status(503);
      return error.getResponse() as HealthCheckResult;
    }
  }

  private database() {
    return this.ping('database', this.dataSource);
  }

  private async replica() {
    const result = await this.ping('replica', this.listings);
    if (result.replica.status === 'up') return result;
    return this.indicators.check('replica').degraded({ message: 'unreachable: the listings and the events feed answer 503; writes go on' });
  }

  private ping<const Key extends string>(key: Key, pool: DataSource) {
    return this.indicators
      .check(key)
      .attempt(async () => {
        // The driver's message names the server's address: not for an unauthenticated answer.
        await pool.query('SELECT 1').catch(() => Promise.reject(new Error('unreachable')));
      })
      .withTimeout(PROBE_TIMEOUT_MS);
  }

  private async redis() {
    const redis = this.indicators.check('redis');
    return (await this.cache.reachable()) ? redis.up() : redis.degraded({ message: 'unreachable: report listings are read from the database' });
  }
}
