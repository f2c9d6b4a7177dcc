import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TerminusModule } from '@nestjs/terminus';
import { CacheModule } from '@mwr/cache';
import type { AppConfig } from '@mwr/config';
import { domainProviders, REPORT_HANDLERS } from '@mwr/domain';
import { reportCacheLookups } from '@mwr/metrics';
import { PersistenceModule } from '@mwr/persistence';
import { DemandsController } from './demands/demands.controller';
import { EventsController } from './events/events.controller';
import { HealthController, READINESS_OPTIONS } from './health/health.controller';
import { instanceCoordinationProviders } from './http/instance-coordination';
import { DatabasePoolMetrics } from './metrics/database-pool-metrics';
import { MetricsController } from './metrics/metrics.controller';
import { DeliveriesController } from './reports/deliveries.controller';
import { FormAnswersController } from './reports/form-answers.controller';
import { PdvResultsController } from './reports/pdv-results.controller';
import { RegisterResultsController } from './reports/register-results.controller';
import { WorkforceReportsController } from './reports/workforce-reports.controller';
import { WebhooksController } from './webhooks/webhooks.controller';

export interface AppModuleOptions {
  config: AppConfig;
  databaseUrl: string;
  credentialsPepper: string;
}

const CONTROLLERS = [
  HealthController,
  DemandsController,
  EventsController,
  WebhooksController,
  FormAnswersController,
  WorkforceReportsController,
  DeliveriesController,
  PdvResultsController,
  RegisterResultsController,
];

/** The app's controllers; `/metrics` exists on the main port only when METRICS=true asks for it. */
export function apiControllers(metricsOnMainPort: boolean) {
  return metricsOnMainPort ? [...CONTROLLERS, MetricsController] : CONTROLLERS;
}

@Module({})
export class AppModule {
  static forRoot({ config, databaseUrl, credentialsPepper }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        PersistenceModule.forRoot({
          databaseUrl,
          replicaUrl: config.databaseReplicaUrl,
          queryTimeoutMs: config.databaseTimeoutMs,
          acquireTimeoutMs: config.databaseAcquireTimeoutMs,
          searchConcurrency: config.searchConcurrency,
        }),
        CacheModule.forRoot({ redisUrl: config.redisUrl, onLookup: (hit) => reportCacheLookups.inc({ result: hit ? 'hit' : 'miss' }) }),
        // Its own log line per failed probe would repeat every few seconds through an outage that
        // the request errors and the pool already report (sparingly); the probe's answer says it.
        TerminusModule.forRoot({ logger: false }),
      ],
      controllers: apiControllers(config.metrics.onMainPort),
      providers: [
        DatabasePoolMetrics,
        { provide: READINESS_OPTIONS, useValue: { replica: config.databaseReplicaUrl !== null } },
        ...domainProviders({ ...config, credentialsPepper }),
        ...REPORT_HANDLERS,
        ...instanceCoordinationProviders(config),
      ],
    };
  }
}
