import { RepeatLimitedLog } from './repeat-limited-log';

describe('RepeatLimitedLog: repeated identical failures are logged once with a count', () => {
  function setUp(maxKinds?: number) {
    let now = 0;
    const lines: [string, number][] = [];
    const log = new RepeatLimitedLog<string>({ write: (entry, heldBack) => lines.push([entry, heldBack]), intervalMs: 10_000, now: () => now, maxKinds });
    return { log, lines, advance: (ms: number) => (now += ms) };
  }

  it('writes the first failure of a kind at once', () => {
    const { log, lines } = setUp();
    log.report('db', 'connect ECONNREFUSED');
    expect(lines).toEqual([['connect ECONNREFUSED', 0]]);
  });

  it('holds back repeats within the interval and counts them in the next line written', () => {
    const { log, lines, advance } = setUp();
    log.report('db', 'down 0');
    for (let i = 1; i <= 1000; i++) {
      advance(5);
      log.report('db', `down ${i}`);
    }
    expect(lines).toHaveLength(1);
    advance(5_000);
    log.report('db', 'still down');
    expect(lines).toEqual([
      ['down 0', 0],
      ['still down', 1000],
    ]);
    advance(10_000);
    log.report('db', 'down again');
    expect(lines[2]).toEqual(['down again', 0]);
  });

  it('limits each kind on its own', () => {
    const { log, lines } = setUp();
    log.report('refused', 'a');
    log.report('timeout', 'b');
    log.report('refused', 'c');
    log.report('timeout', 'd');
    expect(lines).toEqual([
      ['a', 0],
      ['b', 0],
    ]);
  });

  it('flush writes what is held back, the latest entry with the count of the others, and nothing twice', () => {
    const { log, lines } = setUp();
    log.report('db', 'first');
    log.report('db', 'second');
    log.report('db', 'third');
    log.report('quiet', 'only');
    log.flush();
    expect(lines).toEqual([
      ['first', 0],
      ['only', 0],
      ['third', 1],
    ]);
    log.flush();
    expect(lines).toHaveLength(3);
  });

  it('remembers a bounded number of kinds, flushing the one forgotten', () => {
    const { log, lines } = setUp(2);
    log.report('a', 'a1');
    log.report('a', 'a2');
    log.report('b', 'b1');
    log.report('c', 'c1');
    expect(lines).toEqual([
      ['a1', 0],
      ['b1', 0],
      ['a2', 0],
      ['c1', 0],
    ]);
  });
});
