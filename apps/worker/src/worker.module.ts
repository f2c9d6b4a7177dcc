import { type DynamicModule, Inject, Injectable, Logger, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { CommandBus, CqrsModule, QueryBus } from '@nestjs/cqrs';
import type { AppConfig } from '@mwr/config';
import { Clock, domainProviders, WebhookSecretBox } from '@mwr/domain';
import { PersistenceModule, PostgresWebhookDeliveryQueue } from '@mwr/persistence';
import { DataSource } from 'typeorm';
import { ExpiryClock } from './clock/expiry-clock';
import { type JobHandlers, JobRunner, type JobSettings } from './jobs/job-runner';
import { DeliveryDispatcher, type DispatchSettings } from './webhooks/delivery-dispatcher';
import { RETRY_SCHEDULE } from './webhooks/retry-schedule';
import { WebhookSender } from './webhooks/webhook-sender';

/** Events are kept this long after they were recorded (issue 8), their deliveries with them. */
export const EVENT_RETENTION_MS = 30 * 24 * 3_600_000;

export interface WorkerOptions {
  config: AppConfig;
  databaseUrl: string;
  credentialsPepper: string;
  /** Tests: a clock they move, to run the retry schedule and the expiries. */
  clock?: Clock;
  /** Tests: the jitter's source. */
  random?: () => number;
  /** false: no job queue; the caller runs the sweeps, ticks and purges itself (tests). */
  jobs?: Partial<Omit<JobSettings, 'databaseUrl'>> | false;
  dispatch?: Partial<DispatchSettings>;
  /** No answer within this is a failed attempt: 10 s (issue 8). */
  deliveryTimeoutMs?: number;
}

const WORKER_OPTIONS = Symbol('WorkerOptions');

export const DEFAULT_JOBS: Omit<JobSettings, 'databaseUrl'> = Object.freeze({
  sweepIntervalMs: 1_000,
  pollingIntervalSeconds: 0.5,
  tickCron: '* * * * *',
  purgeCron: '17 4 * * *',
});

/** Deletes the events older than the retention (with their deliveries); answers how many. */
export class EventRetention {
  constructor(
    private readonly queue: PostgresWebhookDeliveryQueue,
    private readonly clock: Clock,
  ) {}

  purge(): Promise<number> {
    return this.queue.purgeEventsBefore(new Date(this.clock.now().getTime() - EVENT_RETENTION_MS));
  }
}

@Injectable()
class WorkerLifecycle implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Worker');
  private runner: JobRunner | null = null;

  constructor(
    @Inject(WORKER_OPTIONS) private readonly options: WorkerOptions,
    private readonly dispatcher: DeliveryDispatcher,
    private readonly clock: ExpiryClock,
    private readonly retention: EventRetention,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.options.jobs === false) return;
    const logged = (name: string, run: () => Promise<unknown>) => async () => {
      try {
        await run();
      } catch (error) {
        this.logger.error(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    const handlers: JobHandlers = {
      sweep: logged('webhook sweep', () => this.dispatcher.sweep()),
      tick: logged('clock tick', () => this.clock.tick()),
      purge: logged('event purge', async () => {
        const purged = await this.retention.purge();
        if (purged > 0) this.logger.log(`deleted ${purged} events older than 30 days`);
      }),
    };
    this.runner = new JobRunner({ ...DEFAULT_JOBS, ...this.options.jobs, databaseUrl: this.options.databaseUrl }, handlers);
    await this.runner.start();
  }

  // Before the pools close (their hook is onApplicationShutdown): jobs in hand finish first.
  async onModuleDestroy(): Promise<void> {
    await this.runner?.stop();
  }
}

/** The worker: the domain and its PostgreSQL adapters, the webhook sender, the clock, and the job queue that runs them. */
@Module({})
export class WorkerModule {
  static forRoot(options: WorkerOptions): DynamicModule {
    const { config } = options;
    const dispatch: DispatchSettings = {
      leaseMs: 60_000,
      batchSize: 20,
      maxBatchesPerSweep: 10,
      schedule: RETRY_SCHEDULE,
      ...options.dispatch,
    };
    const timeoutMs = options.deliveryTimeoutMs ?? 10_000;
    return {
      module: WorkerModule,
      imports: [
        CqrsModule.forRoot(),
        PersistenceModule.forRoot({ databaseUrl: options.databaseUrl, poolSize: 4, queryTimeoutMs: config.databaseTimeoutMs }),
      ],
      providers: [
        ...domainProviders({ ...config, credentialsPepper: options.credentialsPepper }),
        ...(options.clock ? [{ provide: Clock, useValue: options.clock }] : []),
        { provide: WORKER_OPTIONS, useValue: options },
        { provide: PostgresWebhookDeliveryQueue, useFactory: (ds: DataSource) => new PostgresWebhookDeliveryQueue(ds), inject: [DataSource] },
        {
          provide: DeliveryDispatcher,
          useFactory: (queue: PostgresWebhookDeliveryQueue, clock: Clock) =>
            new DeliveryDispatcher(
              queue,
              new WebhookSender({ allowLoopback: config.webhooksAllowHttp }, timeoutMs),
              new WebhookSecretBox(options.credentialsPepper),
              clock,
              dispatch,
              options.random,
            ),
          inject: [PostgresWebhookDeliveryQueue, Clock],
        },
        { provide: ExpiryClock, useFactory: (queries: QueryBus, commands: CommandBus) => new ExpiryClock(queries, commands), inject: [QueryBus, CommandBus] },
        { provide: EventRetention, useFactory: (queue: PostgresWebhookDeliveryQueue, clock: Clock) => new EventRetention(queue, clock), inject: [PostgresWebhookDeliveryQueue, Clock] },
        WorkerLifecycle,
      ],
    };
  }
}
