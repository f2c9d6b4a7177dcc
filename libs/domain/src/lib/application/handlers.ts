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

/** Every command and query handler of the domain, for an app module's providers. */
export const DOMAIN_HANDLERS = [
  CreateDemandHandler,
  AcceptPlaceHandler,
  ParticipantProgressHandler,
  SubmitWorkHandler,
  ReviewRegisterHandler,
  CreateClientAccountHandler,
  RevokeClientAccountHandler,
  ListClientAccountsHandler,
  AuthenticateClientHandler,
] as const;
