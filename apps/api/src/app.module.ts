import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { AppConfig } from '@mwr/config';
import { Clock, CredentialsConfig, DOMAIN_HANDLERS, DomainConfig, KeyGenerator, RandomKeyGenerator, SystemClock } from '@mwr/domain';
import { PersistenceModule } from '@mwr/persistence';
import { DemandsController } from './demands/demands.controller';
import { DemandCreatedListener } from './events/demand-created.listener';
import { HealthController } from './health/health.controller';

export interface AppModuleOptions {
  config: AppConfig;
  databaseUrl: string;
  credentialsPepper: string;
}

@Module({})
export class AppModule {
  static forRoot({ config, databaseUrl, credentialsPepper }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [CqrsModule.forRoot(), PersistenceModule.forRoot({ databaseUrl })],
      controllers: [HealthController, DemandsController],
      providers: [
        ...DOMAIN_HANDLERS,
        DemandCreatedListener,
        { provide: Clock, useClass: SystemClock },
        { provide: KeyGenerator, useClass: RandomKeyGenerator },
        {
          provide: DomainConfig,
          useValue: { reportTimeZone: config.reportTimeZone, slaToleranceMinutes: config.slaToleranceMinutes },
        },
        { provide: CredentialsConfig, useValue: { pepper: credentialsPepper } },
      ],
    };
  }
}
