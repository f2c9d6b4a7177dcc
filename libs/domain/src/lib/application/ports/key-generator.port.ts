import { randomBytes, randomInt, randomUUID } from 'node:crypto';

export abstract class KeyGenerator {
  abstract uuid(): string;
  /** An event's id: a UUIDv7, whose first 48 bits are the milliseconds since 1970. */
  abstract eventId(): string;
  /** A mission's public key, e.g. `MB-7K2Q9XH4M1PZ`. */
  abstract mbKey(): string;
  /** A participant record's public key, e.g. `MU-4HZP1C8R2WQD`. */
  abstract muKey(): string;
}

// Crockford base32: no I, L, O, U, so keys survive being read aloud or typed by hand.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
// 12 symbols = 60 random bits: a collision among ten million keys has odds of about 1 in 20,000,
// and the unique index turns that rare case into a refused write, never a shared key.
const KEY_LENGTH = 12;

function randomKey(prefix: string): string {
  let key = `${prefix}-`;
  for (let i = 0; i < KEY_LENGTH; i += 1) key += ALPHABET[randomInt(ALPHABET.length)];
  return key;
}

/** RFC 9562 version 7: a 48-bit Unix time in milliseconds, then 74 random bits. */
export function uuidV7(milliseconds: number): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(milliseconds, 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export class RandomKeyGenerator extends KeyGenerator {
  uuid(): string {
    return randomUUID();
  }
  eventId(): string {
    return uuidV7(Date.now());
  }
  mbKey(): string {
    return randomKey('MB');
  }
  muKey(): string {
    return randomKey('MU');
  }
}
