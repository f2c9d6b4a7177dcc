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

export abstract class ClientAccountRepository {
  abstract create(account: NewClientAccount): Promise<void>;
  /** The account and its stored secret hash, only while it is not revoked. */
  abstract findActive(clientId: string): Promise<{ account: ClientAccount; secretHash: string } | null>;
  abstract list(): Promise<ClientAccount[]>;
  /** Revokes the account; false when no such account exists or it was revoked already. */
  abstract revoke(clientId: string, at: Date): Promise<boolean>;
}
