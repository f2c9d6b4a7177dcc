import { inMemoryHarness } from '../../../../testing';
import { MissionStatus } from '../../../model/mission-status';
import { InvalidTransitionError } from '../../../model/mission-status.errors';
import type { ParticipantState } from '../../../model/participant';
import { CheckOutBeforeCheckInError, RatingNotAllowedError } from '../../../model/participant.errors';
import { WorkApprovedError } from '../../../model/register';
import { NotFoundError } from '../../not-found.errors';
import type { DomainConfig } from '../../ports/domain-config.port';
import { type ParticipantAction, ParticipantProgressCommand } from './participant-progress.command';
import { ParticipantProgressHandler } from './participant-progress.handler';
import { FixedClock } from '../../../../testing/test-doubles';
import { aParticipantState } from '../../../../testing/object-mothers';

const S = MissionStatus;
const MU_KEY = 'MU-000000000001';
const SHIFT_START = new Date('2026-12-01T11:00:00.000Z');
const NOW = new Date('2026-12-01T11:05:00.000Z');
const minutesAfterShift = (minutes: number) => new Date(SHIFT_START.getTime() + minutes * 60_000);

function participant(overrides: Partial<ParticipantState> = {}): ParticipantState {
  return aParticipantState({ id: 'p-1', muKey: MU_KEY, shiftStartsAt: SHIFT_START, ...overrides });
}

async function setup(initial: Partial<ParticipantState> = {}, { slaToleranceMinutes = 15, reportTimeZone = 'America/Sao_Paulo' } = {}) {
  const harness = inMemoryHarness();
  const config: DomainConfig = { reportTimeZone, slaToleranceMinutes };
  const clock = new FixedClock(NOW);
  const handler = new ParticipantProgressHandler(harness.participants, clock, config);
  const accountId = await harness.fixtures.account();
  harness.db.participants.push({ ...participant(initial), accountId });
  const act = (action: ParticipantAction, muKey = MU_KEY, account = accountId) =>
    handler.execute(new ParticipantProgressCommand(account, muKey, action));
  /** The stored row, without its account. */
  const stored = () => {
    const { accountId: _account, ...state } = harness.db.participants[0];
    return state;
  };
  return { ...harness, accountId, clock, act, stored };
}

const checkedIn = { status: S.STARTED, checkInAt: SHIFT_START };
const finished = { status: S.FINISHED, checkInAt: SHIFT_START, checkOutAt: new Date('2026-12-01T20:00:00.000Z') };

describe('ParticipantProgressHandler', () => {
  describe('"each action maps to its verb, and the result is stored"', () => {
    it.each<[string, Partial<ParticipantState>, ParticipantAction, Partial<ParticipantState>]>([
      ['estimate approved', { status: S.WAITING_ESTIMATE }, { verb: 'approveEstimate' }, { status: S.WAITING }],
      [
        'scheduled for a date and time',
        { status: S.WAITING },
        { verb: 'schedule', for: new Date('2026-12-02T12:00:00.000Z') },
        { status: S.SCHEDULED, scheduledFor: new Date('2026-12-02T12:00:00.000Z') },
      ],
      [
        'check-in (records check_in_at, token input, SLA)',
        { status: S.SCHEDULED },
        { verb: 'checkIn', at: minutesAfterShift(3), tokenInput: ' 1234 ' },
        { status: S.STARTED, checkInAt: minutesAfterShift(3), tokenInput: '1234', isSla: true },
      ],
      [
        'check-out, work complete',
        checkedIn,
        { verb: 'checkOut', complete: true, at: new Date('2026-12-01T19:00:00.000Z') },
        { status: S.FINISHED, checkOutAt: new Date('2026-12-01T19:00:00.000Z') },
      ],
      [
        'check-out, work incomplete',
        checkedIn,
        { verb: 'checkOut', complete: false, at: new Date('2026-12-01T12:00:00.000Z') },
        { status: S.INCOMPLETED, checkOutAt: new Date('2026-12-01T12:00:00.000Z') },
      ],
      ['review rejects the work', finished, { verb: 'reject' }, { status: S.REJECTED }],
      ['the participant gives up', checkedIn, { verb: 'quit' }, { status: S.QUIT }],
      ['removed by operations', { status: S.WAITING_ESTIMATE }, { verb: 'remove' }, { status: S.REMOVED }],
      ['rated', finished, { verb: 'rate', rating: 4, message: 'Good job' }, { rating: 4, ratingMessage: 'Good job' }],
    ])('%s', async (_by, from, action, expected) => {
      const { act, stored } = await setup(from);
      const result = await act(action);
      expect(result).toEqual({ ...participant(from), ...expected });
      expect(stored()).toEqual(result);
    });
  });

  describe('check-in', () => {
    it('"`at` defaults to now": check-in at the clock\'s time when `at` is absent', async () => {
      const { act, stored } = await setup();
      await act({ verb: 'checkIn' });
      expect(stored()).toMatchObject({ status: S.STARTED, checkInAt: NOW, tokenInput: null });
    });

    it('check-out at the clock\'s time when `at` is absent', async () => {
      const { act, clock, stored } = await setup(checkedIn);
      clock.current = new Date('2026-12-01T20:30:00.000Z');
      await act({ verb: 'checkOut', complete: true });
      expect(stored()).toMatchObject({ status: S.FINISHED, checkOutAt: new Date('2026-12-01T20:30:00.000Z') });
    });

    it.each([
      [15, 15, true],
      [15, 16, false],
      [30, 16, true],
      [0, 0, true],
      [0, 1, false],
    ])(
      '"is_sla: check-in no later than the shift start plus the tolerance" (SLA_TOLERANCE_MINUTES %i, %i minutes late → %s)',
      async (slaToleranceMinutes, late, isSla) => {
        const { act, clock, stored } = await setup({}, { slaToleranceMinutes });
        clock.current = minutesAfterShift(late);
        await act({ verb: 'checkIn' });
        expect(stored().isSla).toBe(isSla);
      },
    );
  });

  describe('expire: "the day passed", "the scheduled time passed", by the clock', () => {
    // The shift starts 2026-12-01 08:00 in São Paulo (11:00Z): its day ends at 2026-12-02T03:00Z
    // there, and at 2026-12-01T15:00Z in Tokyo, where the same instant is 20:00 on 2026-12-01.
    it.each([
      ['America/Sao_Paulo', new Date('2026-12-02T03:00:00.000Z')],
      ['Asia/Tokyo', new Date('2026-12-01T15:00:00.000Z')],
    ])('WAITING in %s: refused a millisecond before its day ends, EXPIRED from then on', async (reportTimeZone, dayEnds) => {
      const { act, clock, stored } = await setup({}, { reportTimeZone });
      const before = stored();
      clock.current = new Date(dayEnds.getTime() - 1);
      await expect(act({ verb: 'expire' })).rejects.toMatchObject({ code: 'EXPIRY_NOT_DUE', expiresAt: dayEnds });
      expect(stored()).toEqual(before);
      clock.current = dayEnds;
      await expect(act({ verb: 'expire' })).resolves.toMatchObject({ status: S.EXPIRED });
      expect(stored().status).toBe(S.EXPIRED);
    });

    it.each([
      [15, new Date('2026-12-02T12:15:00.001Z')],
      [0, new Date('2026-12-02T12:00:00.001Z')],
    ])('SCHEDULED for 12:00Z, SLA_TOLERANCE_MINUTES %i: SCHEDULED_EXPIRED from %s, refused a millisecond before', async (slaToleranceMinutes, from) => {
      const { act, clock, stored } = await setup({ status: S.SCHEDULED, scheduledFor: new Date('2026-12-02T12:00:00.000Z') }, { slaToleranceMinutes });
      clock.current = new Date(from.getTime() - 1);
      await expect(act({ verb: 'expire' })).rejects.toMatchObject({ code: 'EXPIRY_NOT_DUE' });
      expect(stored().status).toBe(S.SCHEDULED);
      clock.current = from;
      await expect(act({ verb: 'expire' })).resolves.toMatchObject({ status: S.SCHEDULED_EXPIRED });
    });
  });

  describe('reject: "the work review and the register review are one decision"', () => {
    const register = (status: 'PENDING' | 'APPROVED' | 'REPROVED') => ({ id: 'r-1', missionsUserId: 'p-1', identifier: 'R-1', status });

    it('rejecting reproves the pending register, in the same change', async () => {
      const { act, db, accountId, stored } = await setup(finished);
      db.registers.push({ ...register('PENDING'), accountId });
      await expect(act({ verb: 'reject' })).resolves.toMatchObject({ status: S.REJECTED });
      expect(stored().status).toBe(S.REJECTED);
      expect(db.registers).toEqual([{ ...register('REPROVED'), accountId }]);
    });

    it('an approved register forbids rejecting: WORK_APPROVED, nothing changed', async () => {
      const { act, db, accountId, stored } = await setup(finished);
      db.registers.push({ ...register('APPROVED'), accountId });
      const before = stored();
      await expect(act({ verb: 'reject' })).rejects.toBeInstanceOf(WorkApprovedError);
      expect(stored()).toEqual(before);
      expect(db.registers).toEqual([{ ...register('APPROVED'), accountId }]);
    });
  });

  describe('refused', () => {
    it.each<[string, Partial<ParticipantState>, ParticipantAction]>([
      ['check-out before check-in', { status: S.WAITING }, { verb: 'checkOut', complete: true }],
      ['check-in twice', checkedIn, { verb: 'checkIn' }],
      ['reject unfinished work', checkedIn, { verb: 'reject' }],
      ['quit after check-out', finished, { verb: 'quit' }],
      ['approve an estimate not asked for', { status: S.WAITING }, { verb: 'approveEstimate' }],
    ])('"everything else is refused, naming both states": %s leaves the stored participant unchanged', async (_what, from, action) => {
      const { act, stored } = await setup(from);
      const before = stored();
      const error = await act(action).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InvalidTransitionError);
      expect(error).toMatchObject({ kind: 'conflict', code: 'INVALID_TRANSITION', from: from.status });
      expect(stored()).toEqual(before);
    });

    it('"a check-out is never earlier than its check-in": nothing stored', async () => {
      const { act, stored } = await setup(checkedIn);
      const before = stored();
      await expect(act({ verb: 'checkOut', complete: true, at: minutesAfterShift(-1) })).rejects.toBeInstanceOf(
        CheckOutBeforeCheckInError,
      );
      expect(stored()).toEqual(before);
    });

    it('rating unfinished work is refused: nothing stored', async () => {
      const { act, stored } = await setup(checkedIn);
      const before = stored();
      await expect(act({ verb: 'rate', rating: 5 })).rejects.toBeInstanceOf(RatingNotAllowedError);
      expect(stored()).toEqual(before);
    });

    it('NotFoundError for an unknown MU key', async () => {
      const { act } = await setup();
      await expect(act({ verb: 'quit' }, 'MU-UNKNOWN')).rejects.toMatchObject({ kind: 'not-found', code: 'PARTICIPANT_NOT_FOUND' });
    });

    it('"an id that belongs to another account behaves exactly like an id that does not exist"', async () => {
      const { act, fixtures, stored } = await setup();
      const before = stored();
      const other = await fixtures.account();
      await expect(act({ verb: 'quit' }, MU_KEY, other)).rejects.toBeInstanceOf(NotFoundError);
      expect(stored()).toEqual(before);
    });
  });
});
