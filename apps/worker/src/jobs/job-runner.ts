import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import PgBoss from 'pg-boss';

/** Namespace of the advisory lock that serialises the job queue's setup across instances. */
const SETUP_LOCK = 8_100_002;

async function withAdvisoryLock(databaseUrl: string, run: () => Promise<void>): Promise<void> {
  const client = new Client({ connectionString: databaseUrl, application_name: 'mission-workforce-results-worker-setup' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SETUP_LOCK]);
    await run();
  } finally {
    // Ending the session releases the lock.
    await client.end();
  }
}

/** The queues of the worker, in pg-boss's schema of the same database (docs/adr/0015). */
export const JOBS = Object.freeze({
  sweep: 'webhooks-sweep',
  tick: 'clock-tick',
  purge: 'events-purge',
});

export interface JobSettings {
  databaseUrl: string;
  /** Wait between two sweeps of the due deliveries. */
  sweepIntervalMs: number;
  /** How often an idle worker asks the queue for a job. */
  pollingIntervalSeconds: number;
  /** Cron expressions (UTC), at most once a minute: pg-boss's resolution. */
  tickCron: string;
  purgeCron: string;
}

export interface JobHandlers {
  sweep(): Promise<unknown>;
  tick(): Promise<unknown>;
  purge(): Promise<unknown>;
}

/**
 * Runs the worker's three jobs on pg-boss. The clock tick and the retention purge are cron
 * schedules, which pg-boss sends once a minute across all instances. The sweep is a chain: each run
 * first queues its successor a moment later, then sends; the queue's `short` policy keeps at most
 * one sweep waiting, so instances take turns rather than pile up, and a sweep stuck on slow
 * receivers does not hold the next one back. A cron schedule of the sweep restarts the chain
 * should it ever break (an instance killed between taking a sweep and queueing the next).
 */
export class JobRunner {
  private readonly logger = new Logger('Jobs');
  private boss: PgBoss | null = null;

  constructor(
    private readonly settings: JobSettings,
    private readonly handlers: JobHandlers,
  ) {}

  async start(): Promise<void> {
    const boss = new PgBoss({
      connectionString: this.settings.databaseUrl,
      schema: 'pgboss',
      application_name: 'mission-workforce-results-worker',
      max: 4,
    });
    boss.on('error', (error) => this.logger.error(`job queue: ${error.message}`));
    this.boss = boss;
    try {
      // pg-boss's own setup deadlocks when instances started together create the same queues at
      // once (each queue is a partition created by DDL): one instance at a time sets up.
      await withAdvisoryLock(this.settings.databaseUrl, async () => {
        await boss.start();
        // Their own retries stay off: a delivery's schedule lives in its row, and a missed tick
        // or purge is made up by the next one.
        const queue = { retryLimit: 0, expireInSeconds: 600 };
        await boss.createQueue(JOBS.sweep, { name: JOBS.sweep, policy: 'short', ...queue });
        await boss.createQueue(JOBS.tick, { name: JOBS.tick, policy: 'singleton', ...queue });
        await boss.createQueue(JOBS.purge, { name: JOBS.purge, policy: 'singleton', ...queue });
        await boss.schedule(JOBS.tick, this.settings.tickCron);
        await boss.schedule(JOBS.purge, this.settings.purgeCron);
        await boss.schedule(JOBS.sweep, '* * * * *');
      });
    } catch (error) {
      await this.stop();
      throw error;
    }

    const polling = { pollingIntervalSeconds: this.settings.pollingIntervalSeconds, batchSize: 1 };
    await boss.work(JOBS.sweep, polling, async () => {
      await this.queueSweep(this.settings.sweepIntervalMs);
      await this.handlers.sweep();
    });
    await boss.work(JOBS.tick, polling, () => this.handlers.tick());
    await boss.work(JOBS.purge, polling, () => this.handlers.purge());
    await this.queueSweep(0);
    // A tick at start: what fell due while no worker ran is expired now, not at the next minute.
    await boss.send(JOBS.tick, {});
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    // Jobs in hand finish (a delivery's send is bounded by its timeout); none is taken meanwhile.
    await boss?.stop({ graceful: true, wait: true, timeout: 15_000 });
  }

  private async queueSweep(afterMs: number): Promise<void> {
    await this.boss?.send(JOBS.sweep, {}, { startAfter: new Date(Date.now() + afterMs) });
  }
}
