import { inMemoryHarness } from '../../../../testing';
import { MissionStatus } from '../../../model/mission-status';
import { Participant, type ParticipantState } from '../../../model/participant';
import { NotFoundError } from '../../not-found.errors';
import type { DomainConfig } from '../../ports/domain-config.port';
import { AcceptPlaceCommand, type AcceptPlaceInput } from './accept-place.command';
import { AcceptPlaceError } from '../../../model/mission-places.errors';
import { AcceptPlaceHandler } from './accept-place.handler';
import { FixedClock, SequentialKeys } from '../../../../testing/test-doubles';
import { aParticipantState } from '../../../../testing/object-mothers';

const MB_KEY = 'MB-000000000001';
const SHIFTS = ['2026-12-01-08:00-17:00-0', '2026-12-02-22:00-06:00-1'];

async function setup({ places = 2, shifts = SHIFTS, reportTimeZone = 'America/Sao_Paulo' } = {}) {
  const harness = inMemoryHarness();
  const config: DomainConfig = { reportTimeZone, slaToleranceMinutes: 15 };
  const clock = new FixedClock(new Date('2026-11-25T12:00:00.000Z'));
  const handler = new AcceptPlaceHandler(harness.participants, new SequentialKeys(), clock, config);
  const accountId = await harness.fixtures.account();
  await harness.demands.create({
    id: 'demand-1',
    accountId,
    input: {
      missionMainId: 'main-1',
      datePicked: '2026-12-01',
      scheduledAt: null,
      participants: places,
      storesIds: [],
      shifts,
      formId: null,
      formPdvId: null,
      customFields: null,
    },
    missions: [{ id: 'mission-1', mbKey: MB_KEY, storeId: null, missionDate: new Date('2026-12-01T03:00:00.000Z'), places }],
    createdAt: new Date('2026-11-21T13:05:00.000Z'),
    idempotencyKey: null,
  });
  const accept = (input: Partial<AcceptPlaceInput> = {}, mbKey = MB_KEY, account = accountId) =>
    handler.execute(new AcceptPlaceCommand(account, mbKey, { userName: 'Ana', ...input }));
  /** Moves a stored participant on, as a participant-progress command would. */
  const change = (muKey: string, mutate: (p: Participant) => void) => harness.participants.change(accountId, muKey, mutate);
  return { ...harness, accountId, clock, accept, change };
}

describe('AcceptPlaceHandler', () => {
  it('takes a place: a WAITING participant with a new MU key, stored on the mission', async () => {
    const { db, accountId, accept } = await setup();
    const state = await accept({ userName: 'Ana' });

    expect(state).toEqual<ParticipantState>(aParticipantState({ shiftStartsAt: new Date('2026-12-01T11:00:00.000Z') }));
    expect(db.participants).toEqual([{ ...state, accountId }]);
  });

  it('"needsEstimate" → WAITING_ESTIMATE', async () => {
    const { accept } = await setup();
    expect((await accept({ needsEstimate: true })).status).toBe(MissionStatus.WAITING_ESTIMATE);
    expect((await accept({ needsEstimate: false })).status).toBe(MissionStatus.WAITING);
  });

  describe('places', () => {
    it('"MISSION_FULL when taken >= places": nothing stored', async () => {
      const { db, accept } = await setup({ places: 2 });
      await accept({ userName: 'Ana' });
      await accept({ userName: 'Bia' });

      const error = await accept({ userName: 'Caio' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AcceptPlaceError);
      expect(error).toMatchObject({ kind: 'rule', code: 'MISSION_FULL' });
      expect((error as Error).message).toContain(MB_KEY);
      expect(db.participants.map((p) => p.userName)).toEqual(['Ana', 'Bia']);
    });

    it('"a buffer stands by without holding one of the mission\'s places": buffers are exempt', async () => {
      const { db, accept } = await setup({ places: 1 });
      const buffer = await accept({ userName: 'Buffer', isBuffer: true });
      expect(buffer.isBuffer).toBe(true);
      await accept({ userName: 'Ana' });
      await accept({ userName: 'Second buffer', isBuffer: true });
      await expect(accept({ userName: 'Bia' })).rejects.toMatchObject({ code: 'MISSION_FULL' });
      expect(db.participants.map((p) => p.userName)).toEqual(['Buffer', 'Ana', 'Second buffer']);
    });

    it.each([
      ['quits', (p: Participant) => p.quit()],
      ['is removed', (p: Participant) => p.remove()],
    ])('"places held: participants that did not quit or get removed": one who %s frees the place', async (_how, release) => {
      const { accept, change } = await setup({ places: 1 });
      const ana = await accept({ userName: 'Ana' });
      await expect(accept({ userName: 'Bia' })).rejects.toMatchObject({ code: 'MISSION_FULL' });
      await change(ana.muKey, release);
      await expect(accept({ userName: 'Bia' })).resolves.toMatchObject({ userName: 'Bia', status: MissionStatus.WAITING });
    });

    it('participants in any other state keep holding their place', async () => {
      const { accept, change } = await setup({ places: 1 });
      const ana = await accept({ userName: 'Ana' });
      await change(ana.muKey, (p) => p.checkIn({ at: new Date('2026-12-01T11:00:00.000Z'), slaToleranceMinutes: 15 }));
      await change(ana.muKey, (p) => p.checkOut({ at: new Date('2026-12-01T20:00:00.000Z'), complete: false }));
      await expect(accept({ userName: 'Bia' })).rejects.toMatchObject({ code: 'MISSION_FULL' });
    });
  });

  describe('shift', () => {
    it('"shiftStartsAt from the chosen shift", in the configured zone', async () => {
      const { accept } = await setup();
      expect((await accept({ shift: SHIFTS[1] })).shiftStartsAt).toEqual(new Date('2026-12-03T01:00:00.000Z'));
    });

    it('"the first one when omitted"', async () => {
      const { accept } = await setup();
      expect((await accept()).shiftStartsAt).toEqual(new Date('2026-12-01T11:00:00.000Z'));
      expect((await accept({ shift: null })).shiftStartsAt).toEqual(new Date('2026-12-01T11:00:00.000Z'));
    });

    it('the configured reportTimeZone is the zone of the shift', async () => {
      const { accept } = await setup({ reportTimeZone: 'Asia/Tokyo' });
      expect((await accept()).shiftStartsAt).toEqual(new Date('2026-11-30T23:00:00.000Z'));
    });

    it('no shift on the demand: shiftStartsAt is null', async () => {
      const { accept } = await setup({ shifts: [] });
      expect((await accept()).shiftStartsAt).toBeNull();
    });

    it('"UNKNOWN_SHIFT" when the shift is not one of the demand\'s shifts: nothing stored', async () => {
      const { db, accept } = await setup();
      const error = await accept({ shift: '2026-12-05-08:00-17:00-0' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AcceptPlaceError);
      expect(error).toMatchObject({ code: 'UNKNOWN_SHIFT' });
      expect(db.participants).toEqual([]);
    });

    it('"UNKNOWN_SHIFT" when the demand has no shifts at all', async () => {
      const { accept } = await setup({ shifts: [] });
      await expect(accept({ shift: SHIFTS[0] })).rejects.toMatchObject({ code: 'UNKNOWN_SHIFT' });
    });
  });

  describe('"a place is never taken on a day that has ended": the clock decides', () => {
    it('taken at the last millisecond of the first shift\'s day, refused from the next: nothing stored', async () => {
      const { db, clock, accept } = await setup();
      clock.current = new Date('2026-12-02T02:59:59.999Z');
      await expect(accept({ userName: 'Ana' })).resolves.toMatchObject({ status: MissionStatus.WAITING });
      clock.current = new Date('2026-12-02T03:00:00.000Z');
      const error = await accept({ userName: 'Bia' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AcceptPlaceError);
      expect(error).toMatchObject({ kind: 'rule', code: 'MISSION_DAY_PASSED' });
      expect(db.participants.map((p) => p.userName)).toEqual(['Ana']);
    });

    it('a later shift keeps its own day open', async () => {
      const { clock, accept } = await setup();
      clock.current = new Date('2026-12-02T12:00:00.000Z');
      await expect(accept({ shift: SHIFTS[1] })).resolves.toMatchObject({ shiftStartsAt: new Date('2026-12-03T01:00:00.000Z') });
    });
  });

  describe('not found', () => {
    it('NotFoundError for an unknown MB key', async () => {
      const { db, accept } = await setup();
      const error = await accept({}, 'MB-UNKNOWN').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ kind: 'not-found', code: 'MISSION_NOT_FOUND' });
      expect(db.participants).toEqual([]);
    });

    it('"an id that belongs to another account behaves exactly like an id that does not exist"', async () => {
      const { db, fixtures, accept } = await setup();
      const other = await fixtures.account();
      await expect(accept({}, MB_KEY, other)).rejects.toMatchObject({ code: 'MISSION_NOT_FOUND' });
      expect(db.participants).toEqual([]);
    });
  });
});
