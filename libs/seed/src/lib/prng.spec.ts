import { mulberry32, Prng } from './prng';
import { SeedIds } from './seed-ids';

describe('mulberry32', () => {
  it('is the reference mulberry32 sequence: data seeded today is the data seeded next year', () => {
    const next = mulberry32(1);
    expect([next(), next(), next()].map((x) => x.toFixed(10))).toEqual(['0.6270739406', '0.0027357212', '0.5274470400']);
  });

  it('gives different sequences for different seeds, each within [0, 1)', () => {
    const a = mulberry32(1);
    const b = mulberry32(2);
    const draws = Array.from({ length: 1000 }, () => [a(), b()]);
    expect(draws.some(([x, y]) => x !== y)).toBe(true);
    expect(draws.flat().every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

describe('Prng', () => {
  it('refuses a seed outside 0..2^32-1', () => {
    expect(() => new Prng(-1)).toThrow(RangeError);
    expect(() => new Prng(2 ** 32)).toThrow(RangeError);
    expect(() => new Prng(1.5)).toThrow(RangeError);
  });

  it('draws integers in the closed range, reaching both ends', () => {
    const prng = new Prng(7);
    const seen = new Set(Array.from({ length: 2000 }, () => prng.int(-2, 3)));
    expect([...seen].sort((a, b) => a - b)).toEqual([-2, -1, 0, 1, 2, 3]);
  });

  it('picks by weight and never picks a zero weight', () => {
    const prng = new Prng(3);
    const counts = { a: 0, b: 0, never: 0 };
    for (let i = 0; i < 10_000; i += 1) counts[prng.weighted<keyof typeof counts>([['a', 9], ['b', 1], ['never', 0]])] += 1;
    expect(counts.never).toBe(0);
    expect(counts.a / counts.b).toBeGreaterThan(6);
    expect(counts.a / counts.b).toBeLessThan(13);
  });

  it('samples distinct items, at most as many as there are', () => {
    const prng = new Prng(5);
    const taken = prng.sample([1, 2, 3, 4, 5], 3);
    expect(new Set(taken).size).toBe(3);
    expect(prng.sample([1, 2], 5).sort()).toEqual([1, 2]);
  });
});

describe('SeedIds', () => {
  const CROCKFORD_KEY = /^M[BU]-[0-9A-HJKMNP-TV-Z]{12}$/;

  it('derives UUIDs (version 8) and keys from the salt alone', () => {
    const a = new SeedIds('account-1|seed=1');
    const b = new SeedIds('account-1|seed=1');
    const draw = (ids: SeedIds) => [ids.uuid(), ids.mbKey(), ids.muKey(), ids.uuid(), ids.mbKey(), ids.muKey()];
    const first = draw(a);
    expect(draw(b)).toEqual(first);
    expect(first[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(first[1]).toMatch(CROCKFORD_KEY);
    expect(first[1].startsWith('MB-')).toBe(true);
    expect(first[2].startsWith('MU-')).toBe(true);
    expect(draw(new SeedIds('account-2|seed=1'))).not.toEqual(expect.arrayContaining([first[0], first[1], first[2]]));
  });

  it('never repeats a key or an id within a batch (a permutation of a counter, not a random draw)', () => {
    const ids = new SeedIds('many');
    const mb = new Set<string>();
    const mu = new Set<string>();
    const uuids = new Set<string>();
    for (let i = 0; i < 200_000; i += 1) {
      mb.add(ids.mbKey());
      mu.add(ids.muKey());
      uuids.add(ids.uuid());
    }
    expect([mb.size, mu.size, uuids.size]).toEqual([200_000, 200_000, 200_000]);
    expect([...mb].slice(0, 100).every((key) => CROCKFORD_KEY.test(key))).toBe(true);
  });
});
