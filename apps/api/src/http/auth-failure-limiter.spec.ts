import { addressKey, AuthFailureLimiter } from './auth-failure-limiter';

describe('AuthFailureLimiter: failed authentications are limited without locking out the real client (docs/adr/0012)', () => {
  let clock = 0;
  const now = () => clock;
  const limiter = (perAddress = 5, perClientId = 10, maxEntries?: number) => new AuthFailureLimiter({ perAddress, perClientId }, { now, maxEntries });
  const fail = (l: AuthFailureLimiter, clientId: string, address: string, times = 1) => {
    for (let i = 0; i < times; i += 1) {
      expect(l.check(clientId, address)).toBe(0);
      l.failed(clientId, address);
    }
  };

  beforeEach(() => {
    clock = 1_000_000;
  });

  it('refuses an address after its burst of failures, with the seconds until it may try again', () => {
    const l = limiter(5);
    fail(l, 'cl_a', '10.0.0.1', 5);
    expect(l.check('cl_a', '10.0.0.1')).toBe(12);
    expect(l.check('cl_other', '10.0.0.1')).toBe(12);
    clock += 11_999;
    expect(l.check('cl_a', '10.0.0.1')).toBe(1);
    clock += 1;
    expect(l.check('cl_a', '10.0.0.1')).toBe(0);
  });

  it('counts an address’s failures whatever the client ids it tries', () => {
    const l = limiter(5);
    for (let i = 0; i < 5; i += 1) fail(l, `cl_${i}`, '10.0.0.1');
    expect(l.check('cl_new', '10.0.0.1')).toBeGreaterThan(0);
  });

  it('another address is not refused because one address fails', () => {
    const l = limiter(5);
    fail(l, 'cl_a', '10.0.0.1', 5);
    expect(l.check('cl_a', '10.0.0.2')).toBe(0);
  });

  it('successes never count: the real client keeps getting in, however often it authenticates', () => {
    const l = limiter(5, 10);
    for (let i = 0; i < 1000; i += 1) {
      expect(l.check('cl_real', '10.0.0.9')).toBe(0);
      l.succeeded('cl_real', '10.0.0.9');
    }
  });

  it('a client id failing from many addresses: the addresses that failed on it are refused, a clean address is not', () => {
    const l = limiter(100, 10);
    for (let i = 0; i < 10; i += 1) fail(l, 'cl_real', `10.0.1.${i}`);
    expect(l.check('cl_real', '10.0.1.0')).toBeGreaterThan(0);
    expect(l.check('cl_real', '10.0.1.9')).toBeGreaterThan(0);
    // A new attacking address gets one try, then is refused too.
    fail(l, 'cl_real', '10.0.1.50');
    expect(l.check('cl_real', '10.0.1.50')).toBeGreaterThan(0);
    // The real client's own address has not failed on this id: its requests are still checked.
    expect(l.check('cl_real', '10.0.0.9')).toBe(0);
    // The refused addresses may still try other ids (their own address limit is not reached).
    expect(l.check('cl_other', '10.0.1.0')).toBe(0);
  });

  it('an address refused on a busy client id waits at most until its own failure is a minute old', () => {
    const l = limiter(100, 10);
    for (let i = 0; i < 40; i += 1) fail(l, 'cl_real', `10.0.1.${i}`);
    clock += 30_000;
    const wait = l.check('cl_real', '10.0.1.0');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
    clock += 30_000;
    expect(l.check('cl_real', '10.0.1.0')).toBe(0);
  });

  it('a success forgets that address’s failures on that id', () => {
    const l = limiter(100, 3);
    fail(l, 'cl_real', '10.0.0.9');
    fail(l, 'cl_real', '10.0.1.1', 2);
    expect(l.check('cl_real', '10.0.0.9')).toBeGreaterThan(0);
    l.succeeded('cl_real', '10.0.0.9');
    expect(l.check('cl_real', '10.0.0.9')).toBe(0);
  });

  it('failures of attempts checked together all count, so the wait grows with them', () => {
    const l = limiter(2);
    for (let i = 0; i < 2; i += 1) expect(l.check('cl_a', '10.0.0.1')).toBe(0);
    for (let i = 0; i < 6; i += 1) l.failed('cl_a', '10.0.0.1');
    expect(l.check('cl_a', '10.0.0.1')).toBe(150);
  });

  it('0 turns each limit off', () => {
    const off = limiter(0, 0);
    fail(off, 'cl_a', '10.0.0.1', 1000);
    const addressOnly = limiter(3, 0);
    for (let i = 0; i < 3; i += 1) fail(addressOnly, 'cl_a', `10.0.0.${i}`);
    expect(addressOnly.check('cl_a', '10.0.0.0')).toBe(0);
  });

  it('keeps bounded tables: random client ids and addresses evict the least recently used', () => {
    const l = limiter(5, 5, 100);
    fail(l, 'cl_target', '10.0.0.1', 5);
    for (let i = 0; i < 10_000; i += 1) l.failed(`cl_${i}`, `10.1.${i >> 8}.${i & 255}`);
    const tables = l as unknown as Record<'addresses' | 'clientIds' | 'failedPairs', { size: number }>;
    expect(tables.addresses.size).toBe(100);
    expect(tables.clientIds.size).toBe(100);
    expect(tables.failedPairs.size).toBe(100);
  });

  it('a recently refused address stays in the table while others come and go', () => {
    const l = limiter(5, 5, 100);
    fail(l, 'cl_target', '10.0.0.1', 5);
    for (let i = 0; i < 1000; i += 1) {
      l.failed(`cl_${i}`, `10.1.${i >> 8}.${i & 255}`);
      if (i % 50 === 0) expect(l.check('cl_target', '10.0.0.1')).toBeGreaterThan(0);
    }
  });
});

describe('addressKey', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['', ''],
  ])('%s counts as %s: one IPv6 subscriber (/64) is one address', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});
