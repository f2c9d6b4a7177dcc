import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { AppConfig } from '@mwr/config';
import { domainProviders } from '@mwr/domain';
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
        ...domainProviders({ ...config, credentialsPepper }),
        DemandCreatedListener,
      ],
    };
  }
}
