import { Command, Query } from '@nestjs/cqrs';
import type { ClientAccount } from '../ports/client-accounts.port';

export interface IssuedCredentials {
  clientId: string;
  /** Shown once: only its hash is kept. */
  clientSecret: string;
}

export class CreateClientAccountCommand extends Command<IssuedCredentials> {
  constructor(readonly name: string) {
    super();
  }
}

export class RevokeClientAccountCommand extends Command<void> {
  constructor(readonly clientId: string) {
    super();
  }
}

export class ListClientAccountsQuery extends Query<ClientAccount[]> {}

/** Answers the account id for a valid, unrevoked credential pair, else null. */
export class AuthenticateClientQuery extends Query<string | null> {
  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
  ) {
    super();
  }
}
