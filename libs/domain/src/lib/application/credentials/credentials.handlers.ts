import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '../../model/domain-error';
import { NotFoundError } from '../not-found.errors';
import { ClientAccountRepository, type ClientAccount } from '../ports/client-accounts.port';
import { Clock } from '../ports/clock.port';
import { KeyGenerator } from '../ports/key-generator.port';
import {
  AuthenticateClientQuery,
  CreateClientAccountCommand,
  type IssuedCredentials,
  ListClientAccountsQuery,
  RevokeClientAccountCommand,
} from './credentials.commands';
import { CredentialsConfig, hashSecret, newClientId, newClientSecret, secretMatches } from './secret-hasher';

export class InvalidAccountNameError extends DomainError {
  readonly kind = 'invalid' as const;
  readonly code = 'INVALID_ACCOUNT_NAME';

  constructor() {
    super('The account name must be 1 to 200 characters');
  }
}

@CommandHandler(CreateClientAccountCommand)
export class CreateClientAccountHandler implements ICommandHandler<CreateClientAccountCommand> {
  constructor(
    private readonly accounts: ClientAccountRepository,
    private readonly keys: KeyGenerator,
    private readonly clock: Clock,
    private readonly config: CredentialsConfig,
  ) {}

  async execute({ name }: CreateClientAccountCommand): Promise<IssuedCredentials> {
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 200) throw new InvalidAccountNameError();
    const clientId = newClientId();
    const clientSecret = newClientSecret();
    await this.accounts.create({
      id: this.keys.uuid(),
      clientId,
      name: trimmed,
      secretHash: hashSecret(clientSecret, this.config.pepper),
      createdAt: this.clock.now(),
    });
    return { clientId, clientSecret };
  }
}

@CommandHandler(RevokeClientAccountCommand)
export class RevokeClientAccountHandler implements ICommandHandler<RevokeClientAccountCommand> {
  constructor(
    private readonly accounts: ClientAccountRepository,
    private readonly clock: Clock,
  ) {}

  async execute({ clientId }: RevokeClientAccountCommand): Promise<void> {
    const revoked = await this.accounts.revoke(clientId, this.clock.now());
    if (!revoked) throw new NotFoundError('CLIENT_NOT_FOUND', `No active client account with client id ${clientId}`);
  }
}

@QueryHandler(ListClientAccountsQuery)
export class ListClientAccountsHandler implements IQueryHandler<ListClientAccountsQuery> {
  constructor(private readonly accounts: ClientAccountRepository) {}

  execute(): Promise<ClientAccount[]> {
    return this.accounts.list();
  }
}

@QueryHandler(AuthenticateClientQuery)
export class AuthenticateClientHandler implements IQueryHandler<AuthenticateClientQuery> {
  constructor(
    private readonly accounts: ClientAccountRepository,
    private readonly config: CredentialsConfig,
  ) {}

  async execute({ clientId, clientSecret }: AuthenticateClientQuery): Promise<string | null> {
    if (clientId.length === 0 || clientSecret.length === 0 || clientId.length > 128 || clientSecret.length > 512) {
      return null;
    }
    // The same work whether the id is known, unknown or revoked: one lookup of the same shape, one
    // keyed hash, one constant-time comparison (for the last two, against UNKNOWN_CLIENT_HASH).
    const { accountId, secretHash } = await this.accounts.credentialOf(clientId);
    const matches = secretMatches(clientSecret, secretHash, this.config.pepper);
    return accountId !== null && matches ? accountId : null;
  }
}
