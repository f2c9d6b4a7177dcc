import { createHash } from 'node:crypto';

// Crockford base32, as the service's own keys: no I, L, O, U.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const HALF_BITS = 30;
const HALF = 2 ** HALF_BITS;
const HALF_MASK = HALF - 1;
const COUNTER_LIMIT = 2 ** 40;

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

// murmur3's finaliser: every input bit reaches every output bit, enough for a Feistel round.
function mix(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A keyed permutation of the 60-bit numbers: distinct counters always give distinct keys, yet the
 * keys look random and carry no order a reader could guess from.
 */
class KeyPermutation {
  private readonly rounds: number[];

  constructor(secret: Buffer) {
    this.rounds = [0, 4, 8, 12].map((offset) => secret.readUInt32BE(offset));
  }

  encode(prefix: string, counter: number): string {
    let left = Math.floor(counter / HALF) & HALF_MASK;
    let right = counter % HALF;
    for (const round of this.rounds) {
      [left, right] = [right, (left ^ mix(right ^ round)) & HALF_MASK];
    }
    return `${prefix}-${base32(left)}${base32(right)}`;
  }
}

function base32(half: number): string {
  let text = '';
  for (let shift = HALF_BITS - 5; shift >= 0; shift -= 5) text += ALPHABET[(half >>> shift) & 31];
  return text;
}

/**
 * Ids and public keys of one seeded batch. They depend on the batch's salt, never on the content
 * stream, so the same seed gives the same names and dates in any account while the keys, which are
 * unique across all accounts, differ per account and per batch.
 *
 * UUIDs are version 8 (custom): 80 bits of salt then a 40-bit counter, so a batch's rows land next
 * to each other in every primary-key index, and two batches share an id only if their salts collide.
 */
export class SeedIds {
  private readonly uuidPrefix: string;
  private readonly mb: KeyPermutation;
  private readonly mu: KeyPermutation;
  private uuids = 0;
  private mbKeys = 0;
  private muKeys = 0;

  constructor(salt: string) {
    const hex = digest(`uuid|${salt}`).toString('hex');
    this.uuidPrefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(12, 15)}-8${hex.slice(15, 18)}-${hex.slice(18, 20)}`;
    this.mb = new KeyPermutation(digest(`mb|${salt}`));
    this.mu = new KeyPermutation(digest(`mu|${salt}`));
  }

  /** The first and last UUID this batch can make: every row it writes has its id between them. */
  uuidRange(): { first: string; last: string } {
    return { first: `${this.uuidPrefix}0000000000`, last: `${this.uuidPrefix}ffffffffff` };
  }

  uuid(): string {
    return `${this.uuidPrefix}${next(this.uuids++).toString(16).padStart(10, '0')}`;
  }

  mbKey(): string {
    return this.mb.encode('MB', next(this.mbKeys++));
  }

  muKey(): string {
    return this.mu.encode('MU', next(this.muKeys++));
  }
}

function next(counter: number): number {
  if (counter >= COUNTER_LIMIT) throw new RangeError('a seed batch ran out of ids');
  return counter;
}
