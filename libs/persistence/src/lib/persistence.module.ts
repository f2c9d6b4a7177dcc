import { type DynamicModule, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import {
  ClientAccountRepository,
  DeliveryResultsReadModel,
  DemandReadModel,
  DemandRepository,
  EventFeed,
  FieldWorkRepository,
  FormAnswersReadModel,
  IdempotencyKeys,
  ParticipantRepository,
  PdvResultsReadModel,
  RegisterResultsReadModel,
  WebhookRepository,
  WorkforceResultsReadModel,
} from '@mwr/domain';
import { RepeatLimitedLog } from '@mwr/logging';
import { DataSource } from 'typeorm';
import { PostgresRevocationListener } from './database/postgres-revocation-listener';
import { LISTING_SESSION_SETTINGS, openDataSource } from './database/data-source';
import { PostgresDeliveryResultsReadModel } from './read-models/delivery-results.read-model';
import { PostgresDemandReadModel } from './read-models/demand.read-model';
import { PostgresEventFeed } from './read-models/event-feed.read-model';
import { PostgresFormAnswersReadModel } from './read-models/form-answers.read-model';
import { PostgresPdvResultsReadModel } from './read-models/pdv-results.read-model';
import { PostgresRegisterResultsReadModel } from './read-models/register-results.read-model';
import { PostgresWorkforceResultsReadModel } from './read-models/workforce-results.read-model';
import { SearchBulkhead } from './read-models/search-bulkhead';
import { TypeOrmClientAccountRepository } from './repositories/typeorm-client-account.repository';
import { TypeOrmDemandRepository } from './repositories/typeorm-demand.repository';
import { TypeOrmIdempotencyKeys } from './repositories/typeorm-idempotency-keys';
import { TypeOrmFieldWorkRepository } from './repositories/typeorm-field-work.repository';
import { TypeOrmParticipantRepository } from './repositories/typeorm-participant.repository';
import { TypeOrmWebhookRepository } from './repositories/typeorm-webhook.repository';

export interface PersistenceOptions {
  databaseUrl: string;
  /**
   * A streaming replica of `databaseUrl`: the five listings and the events feed read it; every
   * write and every read of something just written (credentials, idempotency keys, a created
   * demand) stays on the primary (docs/adr/0020). Absent, everything reads the primary.
   */
  replicaUrl?: string | null;
  poolSize?: number;
  queryTimeoutMs?: number;
  /** longest a request waits for a database connection before it fails */
  acquireTimeoutMs?: number;
  /** searches of this instance running at once: in total, and per client account */
  searchConcurrency?: { total: number; perAccount: number };
}

/** Failures of idle pooled connections: each connection of the pool reports the same outage. */
class PoolErrorLog extends RepeatLimitedLog<Error> {}

/**
 * The pool the five report listings and the events feed read through (LISTING_SESSION_SETTINGS),
 * on the replica when there is one; every write and every other read uses `DataSource`.
 */
export const LISTINGS_DATA_SOURCE = Symbol('ListingsDataSource');

@Injectable()
class DataSourceLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(LISTINGS_DATA_SOURCE) private readonly listings: DataSource,
    private readonly poolErrors: PoolErrorLog,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    this.poolErrors.flush();
    for (const pool of [this.listings, this.dataSource]) if (pool.isInitialized) await pool.destroy();
  }
}

const adapters = [
  { provide: ClientAccountRepository, useFactory: (ds: DataSource) => new TypeOrmClientAccountRepository(ds), inject: [DataSource] },
  { provide: DemandRepository, useFactory: (ds: DataSource) => new TypeOrmDemandRepository(ds), inject: [DataSource] },
  { provide: IdempotencyKeys, useFactory: (ds: DataSource) => new TypeOrmIdempotencyKeys(ds), inject: [DataSource] },
  { provide: ParticipantRepository, useFactory: (ds: DataSource) => new TypeOrmParticipantRepository(ds), inject: [DataSource] },
  { provide: FieldWorkRepository, useFactory: (ds: DataSource) => new TypeOrmFieldWorkRepository(ds), inject: [DataSource] },
  { provide: WebhookRepository, useFactory: (ds: DataSource) => new TypeOrmWebhookRepository(ds), inject: [DataSource] },
  {
    provide: EventFeed,
    useFactory: (reader: DataSource, primary: DataSource) => new PostgresEventFeed(reader, primary),
    inject: [LISTINGS_DATA_SOURCE, DataSource],
  },
  { provide: DemandReadModel, useFactory: (ds: DataSource) => new PostgresDemandReadModel(ds), inject: [DataSource] },
  { provide: FormAnswersReadModel, useFactory: (ds: DataSource) => new PostgresFormAnswersReadModel(ds), inject: [LISTINGS_DATA_SOURCE] },
  {
    provide: WorkforceResultsReadModel,
    useFactory: (ds: DataSource, searches: SearchBulkhead) => new PostgresWorkforceResultsReadModel(ds, searches),
    inject: [LISTINGS_DATA_SOURCE, SearchBulkhead],
  },
  { provide: DeliveryResultsReadModel, useFactory: (ds: DataSource) => new PostgresDeliveryResultsReadModel(ds), inject: [LISTINGS_DATA_SOURCE] },
  {
    provide: PdvResultsReadModel,
    useFactory: (ds: DataSource, searches: SearchBulkhead) => new PostgresPdvResultsReadModel(ds, searches),
    inject: [LISTINGS_DATA_SOURCE, SearchBulkhead],
  },
  {
    provide: RegisterResultsReadModel,
    useFactory: (ds: DataSource, searches: SearchBulkhead) => new PostgresRegisterResultsReadModel(ds, searches),
    inject: [LISTINGS_DATA_SOURCE, SearchBulkhead],
  },
];

/**
 * Binds the domain's persistence ports to their PostgreSQL adapters over two pools: the listings'
 * and everything else's; searches go through a bulkhead (SearchBulkhead) so that they cannot take
 * the whole listings pool.
 */
@Module({})
export class PersistenceModule {
  static forRoot(options: PersistenceOptions): DynamicModule {
    const logger = new Logger('Database');
    const poolErrors = new PoolErrorLog({
      write: (error, heldBack) =>
        logger.error(`Idle database connection failed: ${error.message}${heldBack > 0 ? ` (${heldBack} more like it not logged since the last report)` : ''}`),
    });
    const open = (url: string, sessionSettings?: Readonly<Record<string, number>>) =>
      openDataSource({
        url,
        poolSize: options.poolSize,
        queryTimeoutMs: options.queryTimeoutMs,
        acquireTimeoutMs: options.acquireTimeoutMs,
        sessionSettings,
        onPoolError: (error) => poolErrors.report(error.message, error),
      });
    return {
      module: PersistenceModule,
      global: true,
      providers: [
        { provide: DataSource, useFactory: () => open(options.databaseUrl) },
        { provide: LISTINGS_DATA_SOURCE, useFactory: () => open(options.replicaUrl ?? options.databaseUrl, LISTING_SESSION_SETTINGS) },
        { provide: PoolErrorLog, useValue: poolErrors },
        DataSourceLifecycle,
        {
          provide: SearchBulkhead,
          useValue: new SearchBulkhead({
            total: options.searchConcurrency?.total ?? 2,
            perAccount: options.searchConcurrency?.perAccount ?? 1,
            waitMs: options.queryTimeoutMs ?? 15_000,
          }),
        },
        ...adapters,
        // Started only by an app that caches credentials; NOTIFY is heard on the primary alone.
        { provide: PostgresRevocationListener, useFactory: () => new PostgresRevocationListener(options.databaseUrl) },
      ],
      exports: [DataSource, LISTINGS_DATA_SOURCE, PostgresRevocationListener, ...adapters.map((adapter) => adapter.provide)],
    };
  }
}
