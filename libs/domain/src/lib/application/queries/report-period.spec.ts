import { reportPeriod } from './report-period';

describe('reportPeriod: whole days in REPORT_TIME_ZONE, both ends included (contract section 1)', () => {
  it('runs from the first instant of the first day up to the first instant of the day after the last', () => {
    expect(reportPeriod('2026-03-10', '2026-03-10', 'America/Sao_Paulo')).toEqual({
      from: new Date('2026-03-10T03:00:00.000Z'),
      before: new Date('2026-03-11T03:00:00.000Z'),
    });
  });

  it('a day that loses an hour to daylight saving is still a whole day', () => {
    expect(reportPeriod('2026-03-29', '2026-03-29', 'Europe/Berlin')).toEqual({
      from: new Date('2026-03-28T23:00:00.000Z'),
      before: new Date('2026-03-29T22:00:00.000Z'),
    });
  });

  it('open ends stay open, and a period ending on 9999-12-31 has no end', () => {
    expect(reportPeriod(null, null, 'UTC')).toEqual({ from: null, before: null });
    expect(reportPeriod('0001-01-01', '9999-12-31', 'UTC')).toEqual({ from: new Date('0001-01-01T00:00:00.000Z'), before: null });
  });
});
