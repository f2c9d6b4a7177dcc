export interface ClientAccount {
  id: string;
  clientId: string;
  name: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export interface NewClientAccount {
  id: string;
  clientId: string;
  name: string;
  secretHash: string;
  createdAt: Date;
}

/**
 * What authentication reads for a client id. An unknown or revoked id has no `accountId` and the
 * stored hash `UNKNOWN_CLIENT_HASH`: adapters answer every case with the same statement and the
 * same shape of result, so that the time it takes does not tell which case it was.
 */
export interface StoredCredential {
  accountId: string | null;
  secretHash: string;
}

export abstract class ClientAccountRepository {
  abstract create(account: NewClientAccount): Promise<void>;
  /** The account and its stored secret hash, only while it is not revoked. */
  abstract findActive(clientId: string): Promise<{ account: ClientAccount; secretHash: string } | null>;
  /** For authentication only: as costly for a known id as for an unknown or revoked one. */
  abstract credentialOf(clientId: string): Promise<StoredCredential>;
  abstract list(): Promise<ClientAccount[]>;
  /** Revokes the account; false when no such account exists or it was revoked already. */
  abstract revoke(clientId: string, at: Date): Promise<boolean>;
}
