/**
 * The channel a revocation is announced on, in PostgreSQL (NOTIFY) and in Redis (PUBLISH), with the
 * client id as its payload (docs/adr/0017).
 */
export const REVOCATION_CHANNEL = 'client_account_revoked';

/** What a subscriber to revocations is told. */
export interface RevocationHandlers {
  /** This client id was revoked: forget what was trusted about it. */
  revoked(clientId: string): void;
  /** The subscription is down: announcements may be missed from now on, so trust nothing cached. */
  lost(): void;
  /** Subscribed again (or for the first time): announcements arrive from now on. */
  resumed(): void;
}
