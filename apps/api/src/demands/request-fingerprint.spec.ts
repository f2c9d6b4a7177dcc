import { requestFingerprint } from './request-fingerprint';

describe('requestFingerprint: "the same body" for Idempotency-Key', () => {
  it('ignores key order at every level', () => {
    expect(requestFingerprint({ a: 1, b: { c: [1, { d: 2, e: 3 }] } })).toBe(requestFingerprint({ b: { c: [1, { e: 3, d: 2 }] }, a: 1 }));
  });

  it('tells apart bodies that differ in a value, an array order or a type', () => {
    const base = requestFingerprint({ a: [1, 2], b: '1' });
    expect(requestFingerprint({ a: [2, 1], b: '1' })).not.toBe(base);
    expect(requestFingerprint({ a: [1, 2], b: 1 })).not.toBe(base);
    expect(requestFingerprint({ a: [1, 2], b: '1', c: null })).not.toBe(base);
  });
});
