import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The server-side key mixed into every secret hash; never stored beside the hashes. */
export abstract class CredentialsConfig {
  abstract readonly pepper: string;
}

export const CLIENT_SECRET_BYTES = 32;

/**
 * Client secrets are 256 random bits, so a keyed fast hash is as strong as a slow one here, and
 * keeps authentication cheap on every request. The pepper makes a leaked table of hashes useless.
 */
export function hashSecret(secret: string, pepper: string): string {
  return createHmac('sha256', pepper).update(secret, 'utf8').digest('hex');
}

/**
 * The stored hash an unknown or revoked client id is checked against: the same hashing and the
 * same constant-time comparison as for a real account, so the answer takes as long. No secret
 * hashes to it (that would be a preimage of HMAC-SHA-256), and the caller refuses it regardless.
 */
export const UNKNOWN_CLIENT_HASH = '0'.repeat(64);

export function secretMatches(secret: string, storedHash: string, pepper: string): boolean {
  const actual = Buffer.from(hashSecret(secret, pepper), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function newClientSecret(): string {
  return randomBytes(CLIENT_SECRET_BYTES).toString('base64url');
}

export function newClientId(): string {
  return `cl_${randomBytes(12).toString('hex')}`;
}
