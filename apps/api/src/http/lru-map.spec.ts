import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('keeps at most its bound, dropping the least recently used', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.size).toBe(2);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
  });

  it('a write counts as a use', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 10);
    map.set('c', 3);
    expect(map.get('a')).toBe(10);
    expect(map.get('b')).toBeUndefined();
  });

  it('refuses a bound below 1', () => {
    expect(() => new LruMap(0)).toThrow('maxEntries must be at least 1');
  });
});
