import { DomainError } from '../model/domain-error';

/** Something addressed by key does not exist for this client account (or belongs to another). */
export class NotFoundError extends DomainError {
  readonly kind = 'not-found' as const;

  constructor(
    readonly code:
      | 'MISSION_NOT_FOUND'
      | 'PARTICIPANT_NOT_FOUND'
      | 'REGISTER_NOT_FOUND'
      | 'CLIENT_NOT_FOUND'
      | 'PDV_NOT_FOUND'
      | 'STOP_NOT_FOUND'
      | 'DEMAND_NOT_FOUND'
      | 'WEBHOOK_NOT_FOUND',
    message: string,
  ) {
    super(message);
  }

  static mission(mbKey: string): NotFoundError {
    return new NotFoundError('MISSION_NOT_FOUND', `No mission with MB key ${mbKey}`);
  }

  static participant(muKey: string): NotFoundError {
    return new NotFoundError('PARTICIPANT_NOT_FOUND', `No participant with MU key ${muKey}`);
  }

  static register(muKey: string): NotFoundError {
    return new NotFoundError('REGISTER_NOT_FOUND', `No register for MU key ${muKey}`);
  }

  static pdv(id: string): NotFoundError {
    return new NotFoundError('PDV_NOT_FOUND', `No point-of-sale record ${id}`);
  }

  static stop(id: string): NotFoundError {
    return new NotFoundError('STOP_NOT_FOUND', `No delivery stop ${id}`);
  }

  static demand(id: string): NotFoundError {
    return new NotFoundError('DEMAND_NOT_FOUND', `No demand ${id}`);
  }

  static webhook(id: string): NotFoundError {
    return new NotFoundError('WEBHOOK_NOT_FOUND', `No webhook ${id}`);
  }
}
