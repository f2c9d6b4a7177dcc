import { type DynamicModule, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import {
  ClientAccountRepository,
  DeliveryResultsReadModel,
  DemandRepository,
  FormAnswersReadModel,
  IdempotencyKeys,
  ParticipantRepository,
  PdvResultsReadModel,
  RegisterResultsReadModel,
  WorkforceResultsReadModel,
} from '@mwr/domain';
import { DataSource } from 'typeorm';
import { openDataSource } from './database/data-source';
import { PostgresDeliveryResultsReadModel } from './read-models/delivery-results.read-model';
import { PostgresFormAnswersReadModel } from './read-models/form-answers.read-model';
import { PostgresPdvResultsReadModel } from './read-models/pdv-results.read-model';
import { PostgresRegisterResultsReadModel } from './read-models/register-results.read-model';
import { PostgresWorkforceResultsReadModel } from './read-models/workforce-results.read-model';
import { TypeOrmClientAccountRepository } from './repositories/typeorm-client-account.repository';
import { TypeOrmDemandRepository } from './repositories/typeorm-demand.repository';
import { TypeOrmIdempotencyKeys } from './repositories/typeorm-idempotency-keys';
import { TypeOrmParticipantRepository } from './repositories/typeorm-participant.repository';

export interface PersistenceOptions {
  databaseUrl: string;
  poolSize?: number;
  queryTimeoutMs?: number;
}

@Injectable()
class DataSourceLifecycle implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

const adapters = [
  { provide: ClientAccountRepository, useFactory: (ds: DataSource) => new TypeOrmClientAccountRepository(ds), inject: [DataSource] },
  { provide: DemandRepository, useFactory: (ds: DataSource) => new TypeOrmDemandRepository(ds), inject: [DataSource] },
  { provide: IdempotencyKeys, useFactory: (ds: DataSource) => new TypeOrmIdempotencyKeys(ds), inject: [DataSource] },
  { provide: ParticipantRepository, useFactory: (ds: DataSource) => new TypeOrmParticipantRepository(ds), inject: [DataSource] },
  { provide: FormAnswersReadModel, useFactory: (ds: DataSource) => new PostgresFormAnswersReadModel(ds), inject: [DataSource] },
  { provide: WorkforceResultsReadModel, useFactory: (ds: DataSource) => new PostgresWorkforceResultsReadModel(ds), inject: [DataSource] },
  { provide: DeliveryResultsReadModel, useFactory: (ds: DataSource) => new PostgresDeliveryResultsReadModel(ds), inject: [DataSource] },
  { provide: PdvResultsReadModel, useFactory: (ds: DataSource) => new PostgresPdvResultsReadModel(ds), inject: [DataSource] },
  { provide: RegisterResultsReadModel, useFactory: (ds: DataSource) => new PostgresRegisterResultsReadModel(ds), inject: [DataSource] },
];

/** Binds the domain's persistence ports to their PostgreSQL adapters over one pool. */
@Module({})
export class PersistenceModule {
  static forRoot(options: PersistenceOptions): DynamicModule {
    const logger = new Logger('Database');
    return {
      module: PersistenceModule,
      global: true,
      providers: [
        {
          provide: DataSource,
          useFactory: () =>
            openDataSource({
              url: options.databaseUrl,
              poolSize: options.poolSize,
              queryTimeoutMs: options.queryTimeoutMs,
              onPoolError: (error) => logger.error(`Idle database connection failed: ${error.message}`),
            }),
        },
        DataSourceLifecycle,
        ...adapters,
      ],
      exports: [DataSource, ...adapters.map((adapter) => adapter.provide)],
    };
  }
}
