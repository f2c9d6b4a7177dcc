import { rateLimitedErrorLog } from './rate-limited-error-log';

describe('rateLimitedErrorLog', () => {
  function setUp() {
    let now = 0;
    const lines: string[] = [];
    const report = rateLimitedErrorLog({ log: (line) => lines.push(line), intervalMs: 10_000, now: () => now });
    return { report, lines, advance: (ms: number) => (now += ms) };
  }

  it('logs the first failure at once, with its message', () => {
    const { report, lines } = setUp();
    report(new Error('connect ECONNREFUSED'), 'get');
    expect(lines).toEqual([expect.stringContaining('get failed')]);
    expect(lines[0]).toContain('connect ECONNREFUSED');
  });

  it('holds back repeats within the interval and counts them in the next line', () => {
    const { report, lines, advance } = setUp();
    report(new Error('down'), 'get');
    for (let i = 0; i < 5; i++) {
      advance(1000);
      report(new Error('down'), 'get');
    }
    expect(lines).toHaveLength(1);
    advance(5000);
    report(new Error('still down'), 'get');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('still down');
    expect(lines[1]).toContain('5 more get failures');
    advance(10_000);
    report(new Error('down again'), 'get');
    expect(lines[2]).not.toContain('more');
  });

  it('limits each operation on its own', () => {
    const { report, lines } = setUp();
    report(new Error('down'), 'get');
    report(new Error('down'), 'set');
    report(new Error('down'), 'get');
    report(new Error('down'), 'set');
    expect(lines).toEqual([expect.stringContaining('get failed'), expect.stringContaining('set failed')]);
  });
});
