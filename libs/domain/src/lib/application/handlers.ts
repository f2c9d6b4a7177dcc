import { Clock, SystemClock } from './ports/clock.port';
import { DomainConfig } from './ports/domain-config.port';
import { KeyGenerator, RandomKeyGenerator } from './ports/key-generator.port';
import { CredentialsConfig } from './credentials/secret-hasher';
import { AcceptPlaceHandler } from './commands/accept-place/accept-place.handler';
import { CreateDemandHandler } from './commands/create-demand/create-demand.handler';
import { ParticipantProgressHandler } from './commands/participant-progress/participant-progress.handler';
import { ReviewRegisterHandler } from './commands/review-register/review-register.handler';
import { SubmitWorkHandler } from './commands/submit-work/submit-work.handler';
import {
  AuthenticateClientHandler,
  CreateClientAccountHandler,
  ListClientAccountsHandler,
  RevokeClientAccountHandler,
} from './credentials/credentials.handlers';
import { ListDeliveryResultsHandler } from './queries/list-delivery-results/list-delivery-results.handler';
import { ListFormAnswersHandler } from './queries/list-form-answers/list-form-answers.handler';
import { ListPdvResultsHandler } from './queries/list-pdv-results/list-pdv-results.handler';
import { ListRegisterResultsHandler } from './queries/list-register-results/list-register-results.handler';
import { ListWorkforceResultsHandler } from './queries/list-workforce-results/list-workforce-results.handler';
import { ParticipantsDueForExpiryHandler } from './queries/participants-due-for-expiry/participants-due-for-expiry.handler';

/** The handlers of the commands, of the credential queries and of the clock's query, for an app module's providers. */
export const DOMAIN_HANDLERS = [
  CreateDemandHandler,
  AcceptPlaceHandler,
  ParticipantProgressHandler,
  SubmitWorkHandler,
  ReviewRegisterHandler,
  ParticipantsDueForExpiryHandler,
  CreateClientAccountHandler,
  RevokeClientAccountHandler,
  ListClientAccountsHandler,
  AuthenticateClientHandler,
] as const;

/** The report listings' handlers: they need the read models and the ResultCache besides. */
export const REPORT_HANDLERS = [
  ListFormAnswersHandler,
  ListWorkforceResultsHandler,
  ListDeliveryResultsHandler,
  ListPdvResultsHandler,
  ListRegisterResultsHandler,
] as const;

/**
 * The domain's handlers with the system clock, random keys and its settings: what any app running
 * the domain provides besides the persistence adapters.
 */
export function domainProviders(settings: { reportTimeZone: string; slaToleranceMinutes: number; credentialsPepper: string }) {
  return [
    ...DOMAIN_HANDLERS,
    { provide: Clock, useClass: SystemClock },
    { provide: KeyGenerator, useClass: RandomKeyGenerator },
    {
      provide: DomainConfig,
      useValue: { reportTimeZone: settings.reportTimeZone, slaToleranceMinutes: settings.slaToleranceMinutes } satisfies DomainConfig,
    },
    { provide: CredentialsConfig, useValue: { pepper: settings.credentialsPepper } satisfies CredentialsConfig },
  ];
}
