import { inMemoryHarness } from '../../../../testing';
import { aParticipantState } from '../../../../testing/object-mothers';
import { FixedClock } from '../../../../testing/test-doubles';
import { MissionStatus } from '../../../model/mission-status';
import type { ParticipantState } from '../../../model/participant';
import type { DomainConfig } from '../../ports/domain-config.port';
import { ParticipantsDueForExpiryHandler } from './participants-due-for-expiry.handler';
import { ParticipantsDueForExpiryQuery } from './participants-due-for-expiry.query';

const S = MissionStatus;
// Mission day 2026-12-01: it ends at 03:00Z on the 2nd in São Paulo, at 15:00Z on the 1st in Tokyo.
const MISSION_DATE = new Date('2026-12-01T03:00:00.000Z');

async function setup(reportTimeZone = 'America/Sao_Paulo') {
  const harness = inMemoryHarness();
  const config: DomainConfig = { reportTimeZone, slaToleranceMinutes: 15 };
  const clock = new FixedClock(new Date('2026-11-30T00:00:00.000Z'));
  const handler = new ParticipantsDueForExpiryHandler(harness.participants, clock, config);
  const accountId = await harness.fixtures.account();
  let n = 0;
  const add = (state: Partial<ParticipantState>) => {
    n += 1;
    const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    harness.db.participants.push({ ...aParticipantState({ id, muKey: `MU-${n}`, missionDate: MISSION_DATE, ...state }), accountId });
    return id;
  };
  const due = async (limit = 100, after: string | null = null) => handler.execute(new ParticipantsDueForExpiryQuery(after, limit));
  return { clock, add, due, accountId };
}

describe('ParticipantsDueForExpiryHandler', () => {
  it.each([
    ['America/Sao_Paulo', new Date('2026-12-02T03:00:00.000Z')],
    ['Asia/Tokyo', new Date('2026-12-01T15:00:00.000Z')],
  ])('"a WAITING participant is due once its mission day has ended in REPORT_TIME_ZONE" (%s, at the clock)', async (zone, dayEnds) => {
    const { clock, add, due, accountId } = await setup(zone);
    const waiting = add({ status: S.WAITING });
    add({ status: S.WAITING_ESTIMATE });
    add({ status: S.STARTED });
    clock.current = new Date(dayEnds.getTime() - 1);
    expect(await due()).toEqual({ data: [], next: null });
    clock.current = dayEnds;
    expect(await due()).toEqual({ data: [{ id: waiting, accountId, muKey: 'MU-1', status: S.WAITING }], next: null });
  });

  it('"a SCHEDULED one once its scheduled time plus SLA_TOLERANCE_MINUTES has passed"', async () => {
    const { clock, add, due } = await setup();
    const scheduled = add({ status: S.SCHEDULED, scheduledFor: new Date('2026-12-01T12:00:00.000Z') });
    clock.current = new Date('2026-12-01T12:15:00.000Z');
    expect((await due()).data).toEqual([]);
    clock.current = new Date('2026-12-01T12:15:00.001Z');
    expect((await due()).data.map((p) => p.id)).toEqual([scheduled]);
  });

  it('pages through them in id order: `next` is the cursor while a page is full', async () => {
    const { clock, add, due } = await setup();
    const ids = [add({}), add({}), add({}), add({})];
    clock.current = new Date('2026-12-05T00:00:00.000Z');
    const first = await due(3);
    expect(first).toMatchObject({ next: ids[2] });
    expect(first.data.map((p) => p.id)).toEqual(ids.slice(0, 3));
    expect(await due(3, first.next)).toMatchObject({ data: [{ id: ids[3] }], next: null });
  });

  it.each([0, 1001, 1.5])('refuses a limit of %p', async (limit) => {
    const { due } = await setup();
    await expect(due(limit)).rejects.toThrow(RangeError);
  });
});
