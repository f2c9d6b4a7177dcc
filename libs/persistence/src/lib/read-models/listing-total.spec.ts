import { reportPeriod } from '@mwr/domain';
import { cutPeriod, type PeriodCuts } from './listing-total';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (iso: string) => Date.parse(iso);

function isMonthStart(t: number): boolean {
  const date = new Date(t);
  return date.getUTCDate() === 1 && t % DAY === 0;
}

/** The cuts are ordered, each range aligned to its grain, and together they cover the period. */
function expectWellFormed(cuts: PeriodCuts): void {
  const order = [cuts.from, cuts.hourFrom, cuts.dayFrom, cuts.monthFrom, cuts.monthBefore, cuts.dayBefore, cuts.hourBefore, cuts.before];
  for (let i = 1; i < order.length; i += 1) expect(order[i - 1]).toBeLessThanOrEqual(order[i]);
  const aligned = (t: number, unit: number) => !Number.isFinite(t) || t % unit === 0;
  if (cuts.hourFrom < cuts.hourBefore) {
    for (const t of [cuts.hourFrom, cuts.dayFrom, cuts.monthFrom, cuts.monthBefore, cuts.dayBefore, cuts.hourBefore]) expect(aligned(t, HOUR)).toBe(true);
  }
  if (cuts.dayFrom < cuts.dayBefore) {
    for (const t of [cuts.dayFrom, cuts.monthFrom, cuts.monthBefore, cuts.dayBefore]) expect(aligned(t, DAY)).toBe(true);
  }
  if (cuts.monthFrom < cuts.monthBefore) {
    for (const t of [cuts.monthFrom, cuts.monthBefore]) expect(!Number.isFinite(t) || isMonthStart(t)).toBe(true);
  }
  // Every slice counted from rows is shorter than an hour.
  const slice = (from: number, before: number) => (from === before ? 0 : before - from);
  expect(slice(cuts.from, cuts.hourFrom)).toBeLessThan(HOUR);
  expect(slice(cuts.hourBefore, cuts.before)).toBeLessThan(HOUR);
}

describe('cutPeriod: a period as whole UTC months, days and hours plus sub-hour edges', () => {
  it('whole days of a whole-hour zone (America/Sao_Paulo) need no row counting at all', () => {
    const cuts = cutPeriod(reportPeriod('2026-03-15', '2026-06-20', 'America/Sao_Paulo'));
    expectWellFormed(cuts);
    expect(cuts.hourFrom).toBe(cuts.from);
    expect(cuts.hourBefore).toBe(cuts.before);
    expect([cuts.monthFrom, cuts.monthBefore]).toEqual([at('2026-04-01T00:00:00Z'), at('2026-06-01T00:00:00Z')]);
    expect([cuts.dayFrom, cuts.dayBefore]).toEqual([at('2026-03-16T00:00:00Z'), at('2026-06-21T00:00:00Z')]);
  });

  it('a zone with a half-hour offset (Asia/Kolkata) leaves half-hour edges to count from rows', () => {
    const cuts = cutPeriod(reportPeriod('2026-03-15', '2026-03-15', 'Asia/Kolkata'));
    expectWellFormed(cuts);
    expect(cuts.hourFrom - cuts.from).toBe(HOUR / 2);
    expect(cuts.before - cuts.hourBefore).toBe(HOUR / 2);
  });

  it('an open period is every month bucket; a half-open one keeps its finite end', () => {
    expect(cutPeriod({ from: null, before: null })).toMatchObject({ monthFrom: -Infinity, monthBefore: Infinity });
    const cuts = cutPeriod({ from: null, before: new Date('2026-05-10T12:30:00Z') });
    expectWellFormed(cuts);
    expect(cuts).toMatchObject({ from: -Infinity, monthFrom: -Infinity, monthBefore: at('2026-05-01T00:00:00Z'), hourBefore: at('2026-05-10T12:00:00Z') });
  });

  it('a period inside one hour is counted from rows alone', () => {
    const cuts = cutPeriod({ from: new Date('2026-05-10T12:10:00Z'), before: new Date('2026-05-10T12:50:00Z') });
    expectWellFormed(cuts);
    expect(cuts.hourFrom).toBe(cuts.before);
  });

  it('random periods, whole days in every kind of zone or arbitrary instants, are always well formed', () => {
    const zones = ['America/Sao_Paulo', 'UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/St_Johns'];
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 2000; i += 1) {
      const start = at('2025-01-01T00:00:00Z') + Math.floor(random() * 700) * DAY;
      const days = Math.floor(random() * 120);
      const first = new Date(start).toISOString().slice(0, 10);
      const last = new Date(start + days * DAY).toISOString().slice(0, 10);
      expectWellFormed(cutPeriod(reportPeriod(first, last, zones[i % zones.length])));
      const a = start + Math.floor(random() * 90 * DAY);
      expectWellFormed(cutPeriod({ from: new Date(a), before: new Date(a + Math.floor(random() * 60 * DAY)) }));
    }
  });
});
