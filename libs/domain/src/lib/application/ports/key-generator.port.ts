import { randomInt, randomUUID } from 'node:crypto';

export abstract class KeyGenerator {
  abstract uuid(): string;
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

export class RandomKeyGenerator extends KeyGenerator {
  uuid(): string {
    return randomUUID();
  }
  mbKey(): string {
    return randomKey('MB');
  }
  muKey(): string {
    return randomKey('MU');
  }
}
