import { DomainError } from './domain-error';
import { MissionStatus } from './mission-status';
import { InvalidMissionStatusError, InvalidTransitionError } from './mission-status.errors';
import { AcceptPlaceError } from './mission-places.errors';
import { holdsPlace, type MissionPlaces, PLACE_RELEASING_STATUSES } from './mission-places';
import {
  type AcceptPlace,
  type DeadlineRules,
  expiryCutoffs,
  formatDuration,
  Participant,
  type ParticipantState,
  type ZonedNow,
} from './participant';
import {
  CheckOutBeforeCheckInError,
  EmptyRequestError,
  ExpiryNotDueError,
  InvalidDurationError,
  InvalidInstantError,
  InvalidRatingError,
  InvalidSlaToleranceError,
  RatingNotAllowedError,
} from './participant.errors';

const S = MissionStatus;
const at = (iso: string) => new Date(iso);
/** 08:00 in São Paulo on the shift below */
const SHIFT_START = at('2026-12-01T11:00:00.000Z');
const SHIFT = '2026-12-01-08:00-17:00-0';
const MISSION: MissionPlaces = { missionId: 'm-1', mbKey: 'MB-1', places: 2, taken: 0, missionDate: at('2026-12-01T03:00:00.000Z'), shifts: [] };
const ON_SHIFT: MissionPlaces = { ...MISSION, shifts: [SHIFT] };
const PLACE: AcceptPlace = { id: 'p-1', muKey: 'mu-1', mission: MISSION, userName: 'ana' };
const DAYS_BEFORE: ZonedNow = { now: at('2026-11-20T12:00:00.000Z'), timeZone: 'America/Sao_Paulo' };
const RULES: DeadlineRules = { timeZone: 'America/Sao_Paulo', slaToleranceMinutes: 15 };
const LONG_AFTER = at('2027-01-01T00:00:00.000Z');

function accept(overrides: Partial<AcceptPlace> = {}, when: ZonedNow = DAYS_BEFORE): Participant {
  return Participant.accept({ ...PLACE, ...overrides }, when);
}

function started(overrides: Partial<AcceptPlace> = {}, checkInAt = SHIFT_START): Participant {
  const participant = accept({ mission: ON_SHIFT, ...overrides });
  participant.checkIn({ at: checkInAt, slaToleranceMinutes: 10 });
  return participant;
}

function finished(): Participant {
  const participant = started();
  participant.checkOut({ at: at('2026-12-01T20:00:00.000Z'), complete: true });
  return participant;
}

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected the action to throw');
}

describe('Participant.accept', () => {
  it('"status WAITING_ESTIMATE when needsEstimate, else WAITING; everything else null/false"', () => {
    expect(accept().state).toEqual<ParticipantState>({
      id: 'p-1',
      muKey: 'mu-1',
      missionId: 'm-1',
      missionDate: MISSION.missionDate,
      userName: 'ana',
      status: S.WAITING,
      shiftStartsAt: null,
      scheduledFor: null,
      checkInAt: null,
      checkOutAt: null,
      tokenInput: null,
      isSla: false,
      rating: null,
      ratingMessage: null,
      isBuffer: false,
      requests: null,
    });
    expect(accept({ needsEstimate: true }).state.status).toBe(S.WAITING_ESTIMATE);
    expect(accept({ needsEstimate: false }).state.status).toBe(S.WAITING);
  });

  it('keeps isBuffer', () => {
    expect(accept({ isBuffer: true }).state.isBuffer).toBe(true);
  });

  describe('shift', () => {
    const NIGHT = '2026-12-02-22:00-06:00-1';

    it('"shiftStartsAt from the chosen shift", in the given zone', () => {
      expect(accept({ mission: { ...ON_SHIFT, shifts: [SHIFT, NIGHT] }, shift: NIGHT }).state.shiftStartsAt).toEqual(at('2026-12-03T01:00:00.000Z'));
      expect(accept({ mission: ON_SHIFT }, { ...DAYS_BEFORE, timeZone: 'Asia/Tokyo' }).state.shiftStartsAt).toEqual(at('2026-11-30T23:00:00.000Z'));
    });

    it('"the first one when omitted"', () => {
      expect(accept({ mission: { ...ON_SHIFT, shifts: [SHIFT, NIGHT] } }).state.shiftStartsAt).toEqual(SHIFT_START);
      expect(accept({ mission: ON_SHIFT, shift: null }).state.shiftStartsAt).toEqual(SHIFT_START);
    });

    it('a mission without shifts: shiftStartsAt is null', () => {
      expect(accept().state.shiftStartsAt).toBeNull();
    });

    it.each([
      ['not one of the mission\'s shifts', ON_SHIFT],
      ['the mission has no shifts', MISSION],
    ])('"UNKNOWN_SHIFT": %s', (_why, mission) => {
      const error = thrown(() => accept({ mission, shift: '2026-12-05-08:00-17:00-0' }));
      expect(error).toBeInstanceOf(AcceptPlaceError);
      expect(error).toMatchObject({ kind: 'rule', code: 'UNKNOWN_SHIFT' });
    });
  });

  describe('places', () => {
    it('"MISSION_FULL when taken >= places", naming the mission', () => {
      expect(accept({ mission: { ...MISSION, places: 2, taken: 1 } }).state.status).toBe(S.WAITING);
      const error = thrown(() => accept({ mission: { ...MISSION, places: 2, taken: 2 } }));
      expect(error).toBeInstanceOf(AcceptPlaceError);
      expect(error).toMatchObject({ kind: 'rule', code: 'MISSION_FULL' });
      expect((error as Error).message).toContain('MB-1');
    });

    it('"a buffer stands by without holding one of the mission\'s places": a full mission takes buffers', () => {
      expect(accept({ mission: { ...MISSION, places: 1, taken: 1 }, isBuffer: true }).state.isBuffer).toBe(true);
    });

    it.each([
      [S.WAITING, false, true],
      [S.STARTED, false, true],
      [S.FINISHED, false, true],
      [S.EXPIRED, false, true],
      [S.INCOMPLETED, false, true],
      [S.QUIT, false, false],
      [S.REMOVED, false, false],
      [S.WAITING, true, false],
      [S.FINISHED, true, false],
    ])('"holdsPlace": status %i, buffer %s → %s', (status, isBuffer, holds) => {
      expect(holdsPlace({ status, isBuffer })).toBe(holds);
    });

    it('"PLACE_RELEASING_STATUSES": QUIT and REMOVED give the place back', () => {
      expect(PLACE_RELEASING_STATUSES).toEqual([S.QUIT, S.REMOVED]);
      expect(Object.isFrozen(PLACE_RELEASING_STATUSES)).toBe(true);
    });
  });

  describe('"a place is never taken on a day that has ended" (MISSION_DAY_PASSED)', () => {
    // The mission's day is 2026-12-01: it ends at 03:00Z in São Paulo (UTC-3), at 15:00Z the day
    // before's clock in Tokyo (UTC+9) for a mission dated in Tokyo's 2026-12-01.
    it.each([
      ['America/Sao_Paulo', at('2026-12-01T03:00:00.000Z'), at('2026-12-02T03:00:00.000Z')],
      ['Asia/Tokyo', at('2026-11-30T15:00:00.000Z'), at('2026-12-01T15:00:00.000Z')],
    ])('in %s: taken until the last millisecond of the day, refused from the first of the next', (timeZone, missionDate, dayEnds) => {
      const mission = { ...MISSION, missionDate };
      const lastMoment = { now: new Date(dayEnds.getTime() - 1), timeZone };
      expect(accept({ mission }, lastMoment).state.status).toBe(S.WAITING);
      for (const now of [dayEnds, new Date(dayEnds.getTime() + 86_400_000)]) {
        const error = thrown(() => accept({ mission }, { now, timeZone }));
        expect(error).toBeInstanceOf(AcceptPlaceError);
        expect(error).toMatchObject({ kind: 'rule', code: 'MISSION_DAY_PASSED' });
        expect((error as Error).message).toContain('2026-12-01');
      }
    });

    it("a shift's day, not the mission's, is the participant's day", () => {
      const mission = { ...MISSION, shifts: ['2026-12-03-08:00-17:00-0'] };
      const onTheSecond = { now: at('2026-12-02T15:00:00.000Z'), timeZone: 'America/Sao_Paulo' };
      const participant = accept({ mission }, onTheSecond);
      expect(participant.day('America/Sao_Paulo')).toEqual({
        day: '2026-12-03',
        startsAt: at('2026-12-03T03:00:00.000Z'),
        nextDayStartsAt: at('2026-12-04T03:00:00.000Z'),
      });
      const afterIt = { now: at('2026-12-04T03:00:00.000Z'), timeZone: 'America/Sao_Paulo' };
      expect(() => accept({ mission }, afterIt)).toThrow(expect.objectContaining({ code: 'MISSION_DAY_PASSED' }));
    });

    it('a day that is 25 hours long ends 25 hours after it began (Europe/London, 2026-10-25)', () => {
      const mission = { ...MISSION, missionDate: at('2026-10-24T23:00:00.000Z') };
      const participant = accept({ mission }, { now: at('2026-10-20T00:00:00.000Z'), timeZone: 'Europe/London' });
      expect(participant.day('Europe/London')).toEqual({
        day: '2026-10-25',
        startsAt: at('2026-10-24T23:00:00.000Z'),
        nextDayStartsAt: at('2026-10-26T00:00:00.000Z'),
      });
    });
  });

  it('"an instant must be a valid Date"', () => {
    expect(() => accept({ mission: { ...MISSION, missionDate: new Date(Number.NaN) } })).toThrow(InvalidInstantError);
    expect(() => accept({}, { ...DAYS_BEFORE, now: new Date(Number.NaN) })).toThrow(InvalidInstantError);
  });
});

describe('Participant.state', () => {
  it('"a copy; mutations from outside do not leak in"', () => {
    const participant = started();
    participant.addRequest('water');
    const copy = participant.state as ParticipantState;
    copy.status = S.FINISHED;
    copy.checkInAt?.setTime(0);
    copy.shiftStartsAt?.setTime(0);
    copy.missionDate.setTime(0);
    copy.requests?.push('food');
    expect(participant.state.status).toBe(S.STARTED);
    expect(participant.state.checkInAt).toEqual(SHIFT_START);
    expect(participant.state.shiftStartsAt).toEqual(SHIFT_START);
    expect(participant.state.missionDate).toEqual(MISSION.missionDate);
    expect(participant.state.requests).toEqual(['water']);
  });

  it('"a copy": Dates and arrays handed in are copied too', () => {
    const missionDate = new Date(MISSION.missionDate);
    const participant = accept({ mission: { ...MISSION, missionDate } });
    missionDate.setTime(0);
    expect(participant.state.missionDate).toEqual(MISSION.missionDate);

    const state = { ...participant.state, requests: ['water'] };
    const restored = Participant.restore(state);
    state.requests.push('food');
    expect(restored.state.requests).toEqual(['water']);
  });
});

describe('Participant.restore', () => {
  it('round-trips its state', () => {
    const state = finished().state;
    expect(Participant.restore(state).state).toEqual(state);
  });

  it('"a status outside 0..10 is invalid"', () => {
    const state = { ...accept().state, status: 11 as MissionStatus };
    expect(() => Participant.restore(state)).toThrow(InvalidMissionStatusError);
  });
});

describe('verbs', () => {
  it('"every verb goes through nextStatus": the happy path', () => {
    const participant = accept({ needsEstimate: true });
    participant.approveEstimate();
    expect(participant.state.status).toBe(S.WAITING);
    participant.schedule(SHIFT_START);
    expect(participant.state.status).toBe(S.SCHEDULED);
    participant.checkIn({ at: SHIFT_START, slaToleranceMinutes: 0 });
    expect(participant.state.status).toBe(S.STARTED);
    participant.checkOut({ at: at('2026-12-01T12:00:00Z'), complete: true });
    expect(participant.state.status).toBe(S.FINISHED);
    participant.reject(null);
    expect(participant.state.status).toBe(S.REJECTED);
  });

  it.each<[string, (participant: Participant) => void, MissionStatus]>([
    ['expire', (p) => p.expire(LONG_AFTER, RULES), S.EXPIRED],
    ['quit', (p) => p.quit(), S.QUIT],
    ['remove', (p) => p.remove(), S.REMOVED],
  ])('"every verb goes through nextStatus": %s from WAITING', (_verb, act, status) => {
    const participant = accept();
    act(participant);
    expect(participant.state.status).toBe(status);
  });

  it('"every verb goes through nextStatus": expire from SCHEDULED is SCHEDULED_EXPIRED', () => {
    const participant = accept();
    participant.schedule(SHIFT_START);
    participant.expire(LONG_AFTER, RULES);
    expect(participant.state.status).toBe(S.SCHEDULED_EXPIRED);
  });

  it('"checkOut: finish or leaveIncomplete"', () => {
    const participant = started();
    participant.checkOut({ at: at('2026-12-01T15:00:00Z'), complete: false });
    expect(participant.state.status).toBe(S.INCOMPLETED);
    expect(participant.state.checkOutAt).toEqual(at('2026-12-01T15:00:00Z'));
  });

  it.each<[string, (participant: Participant) => void, MissionStatus]>([
    ['approveEstimate', (p) => p.approveEstimate(), S.WAITING],
    ['schedule', (p) => p.schedule(SHIFT_START), S.SCHEDULED],
    ['checkIn', (p) => p.checkIn({ at: SHIFT_START, slaToleranceMinutes: 0 }), S.STARTED],
    ['checkOut complete', (p) => p.checkOut({ at: SHIFT_START, complete: true }), S.FINISHED],
    ['checkOut incomplete', (p) => p.checkOut({ at: SHIFT_START, complete: false }), S.INCOMPLETED],
    ['expire', (p) => p.expire(LONG_AFTER, RULES), S.EXPIRED],
    ['quit', (p) => p.quit(), S.QUIT],
    ['remove', (p) => p.remove(), S.REMOVED],
  ])('"refused → InvalidTransitionError": %s from FINISHED changes nothing', (_verb, act, to) => {
    const participant = finished();
    const before = participant.state;
    const error = thrown(() => act(participant));
    expect(error).toBeInstanceOf(InvalidTransitionError);
    expect(error).toMatchObject({ from: S.FINISHED, to });
    expect(participant.state).toEqual(before);
  });

  it('"refused → InvalidTransitionError": reject from WAITING', () => {
    expect(() => accept().reject(null)).toThrow(InvalidTransitionError);
  });

  it('"schedule sets scheduledFor"', () => {
    const participant = accept();
    participant.schedule(at('2026-12-02T12:00:00Z'));
    expect(participant.state.scheduledFor).toEqual(at('2026-12-02T12:00:00Z'));
  });

  it('"an instant must be a valid Date"', () => {
    const participant = accept();
    expect(() => participant.schedule(new Date(Number.NaN))).toThrow(InvalidInstantError);
    expect(() => participant.checkIn({ at: new Date(Number.NaN), slaToleranceMinutes: 0 })).toThrow(
      expect.objectContaining({ kind: 'invalid', code: 'INVALID_INSTANT', field: 'checkInAt' }),
    );
    expect(participant.state.status).toBe(S.WAITING);
  });
});

describe('expire: "the day, or the scheduled time, passed without check-in"', () => {
  const ms = (date: Date, delta: number) => new Date(date.getTime() + delta);

  function refusedAt(participant: Participant, now: Date, rules: DeadlineRules): unknown {
    const before = participant.state;
    const error = thrown(() => participant.expire(now, rules));
    expect(participant.state).toEqual(before);
    return error;
  }

  // A WAITING participant expires once its day has ended in the zone: at the first instant of the
  // next day, not a millisecond before.
  describe.each([
    ['America/Sao_Paulo', at('2026-12-01T03:00:00.000Z'), at('2026-12-02T03:00:00.000Z')],
    ['Asia/Tokyo', at('2026-11-30T15:00:00.000Z'), at('2026-12-01T15:00:00.000Z')],
    ['Asia/Kathmandu', at('2026-11-30T18:15:00.000Z'), at('2026-12-01T18:15:00.000Z')],
  ])('WAITING, mission day 2026-12-01 in %s', (timeZone, missionDate, nextDay) => {
    const rules = { timeZone, slaToleranceMinutes: 15 };
    const waiting = () => accept({ mission: { ...MISSION, missionDate } }, { now: DAYS_BEFORE.now, timeZone });

    it('"expiresAt": the first instant of the next local day', () => {
      expect(waiting().expiresAt(rules)).toEqual(nextDay);
    });

    it('a millisecond before it, refused (EXPIRY_NOT_DUE), nothing changed', () => {
      const error = refusedAt(waiting(), ms(nextDay, -1), rules);
      expect(error).toBeInstanceOf(ExpiryNotDueError);
      expect(error).toMatchObject({ kind: 'rule', code: 'EXPIRY_NOT_DUE', status: S.WAITING, expiresAt: nextDay });
      expect((error as Error).message).toContain('its day has not ended');
    });

    it.each([0, 1, 86_400_000])('%i ms after it, EXPIRED', (delta) => {
      const participant = waiting();
      participant.expire(ms(nextDay, delta), rules);
      expect(participant.state.status).toBe(S.EXPIRED);
    });
  });

  it("with a shift, the shift's day is the participant's day", () => {
    const participant = accept({ mission: { ...MISSION, shifts: ['2026-12-02-22:00-06:00-0'] } });
    const nextDay = at('2026-12-03T03:00:00.000Z');
    expect(participant.expiresAt(RULES)).toEqual(nextDay);
    expect(refusedAt(participant, ms(nextDay, -1), RULES)).toBeInstanceOf(ExpiryNotDueError);
    participant.expire(nextDay, RULES);
    expect(participant.state.status).toBe(S.EXPIRED);
  });

  it('a day of 25 hours (Europe/London, 2026-10-25) ends 25 hours after it began', () => {
    const rules = { timeZone: 'Europe/London', slaToleranceMinutes: 15 };
    const participant = accept({ mission: { ...MISSION, missionDate: at('2026-10-24T23:00:00.000Z') } }, { now: at('2026-10-20T00:00:00.000Z'), timeZone: 'Europe/London' });
    expect(participant.expiresAt(rules)).toEqual(at('2026-10-26T00:00:00.000Z'));
    expect(refusedAt(participant, at('2026-10-25T23:59:59.999Z'), rules)).toBeInstanceOf(ExpiryNotDueError);
  });

  // A SCHEDULED participant expires once its scheduled time plus the tolerance has passed: a
  // check-in at that very instant still meets the SLA, so the expiry comes a millisecond later.
  it.each([
    [0, at('2026-12-01T14:00:00.001Z')],
    [15, at('2026-12-01T14:15:00.001Z')],
    [90, at('2026-12-01T15:30:00.001Z')],
  ])('SCHEDULED for 14:00Z with a tolerance of %i minutes: expires from %s, not a millisecond before', (slaToleranceMinutes, from) => {
    const rules = { timeZone: 'America/Sao_Paulo', slaToleranceMinutes };
    const scheduled = () => {
      const participant = accept();
      participant.schedule(at('2026-12-01T14:00:00.000Z'));
      return participant;
    };
    expect(scheduled().expiresAt(rules)).toEqual(from);
    const onTime = scheduled();
    onTime.checkIn({ at: ms(from, -1), slaToleranceMinutes });
    expect(onTime.state.isSla).toBe(true);
    const error = refusedAt(scheduled(), ms(from, -1), rules);
    expect(error).toMatchObject({ code: 'EXPIRY_NOT_DUE', status: S.SCHEDULED, expiresAt: from });
    expect((error as Error).message).toContain('scheduled time plus the SLA tolerance');
    const participant = scheduled();
    participant.expire(from, rules);
    expect(participant.state.status).toBe(S.SCHEDULED_EXPIRED);
  });

  it('"expiresAt" is null for every status that does not expire, and for a SCHEDULED row without a time', () => {
    expect(accept({ needsEstimate: true }).expiresAt(RULES)).toBeNull();
    expect(started().expiresAt(RULES)).toBeNull();
    expect(finished().expiresAt(RULES)).toBeNull();
    const handWritten = Participant.restore({ ...accept().state, status: S.SCHEDULED, scheduledFor: null });
    expect(handWritten.expiresAt(RULES)).toBeNull();
    expect(refusedAt(handWritten, LONG_AFTER, RULES)).toMatchObject({ code: 'EXPIRY_NOT_DUE', expiresAt: null });
  });

  it('a status that cannot expire is refused as a transition first, however late', () => {
    expect(thrown(() => accept({ needsEstimate: true }).expire(LONG_AFTER, RULES))).toBeInstanceOf(InvalidTransitionError);
  });

  it('"an instant must be a valid Date", the tolerance a non-negative integer', () => {
    const participant = accept();
    participant.schedule(SHIFT_START);
    expect(() => participant.expire(new Date(Number.NaN), RULES)).toThrow(InvalidInstantError);
    expect(() => participant.expire(LONG_AFTER, { ...RULES, slaToleranceMinutes: -1 })).toThrow(InvalidSlaToleranceError);
    expect(participant.state.status).toBe(S.SCHEDULED);
  });

  describe('"expiryCutoffs": what a store selects is what expire accepts', () => {
    it('waitingBefore is the start of the current day in the zone; scheduledBefore is now minus the tolerance', () => {
      expect(expiryCutoffs(at('2026-12-02T02:59:59.999Z'), RULES)).toEqual({
        waitingBefore: at('2026-12-01T03:00:00.000Z'),
        scheduledBefore: at('2026-12-02T02:44:59.999Z'),
      });
      expect(expiryCutoffs(at('2026-12-02T03:00:00.000Z'), { timeZone: 'Asia/Tokyo', slaToleranceMinutes: 0 })).toEqual({
        waitingBefore: at('2026-12-01T15:00:00.000Z'),
        scheduledBefore: at('2026-12-02T03:00:00.000Z'),
      });
    });

    it('for participants and instants on both sides of every edge, selected exactly when expire accepts', () => {
      const missionDate = at('2026-12-01T03:00:00.000Z');
      const participants = [
        accept({ mission: { ...MISSION, missionDate } }),
        accept({ mission: { ...MISSION, missionDate, shifts: ['2026-12-02-23:30-07:30-0'] } }),
        (() => {
          const p = accept();
          p.schedule(at('2026-12-01T23:50:00.000Z'));
          return p;
        })(),
      ];
      const edges = participants.map((p) => p.expiresAt(RULES) as Date);
      for (const now of edges.flatMap((edge) => [ms(edge, -1), edge, ms(edge, 1)])) {
        const cutoffs = expiryCutoffs(now, RULES);
        for (const participant of participants) {
          const { status, shiftStartsAt, missionDate: date, scheduledFor } = participant.state;
          const selected =
            status === S.WAITING ? (shiftStartsAt ?? date) < cutoffs.waitingBefore : (scheduledFor as Date) < cutoffs.scheduledBefore;
          const accepted = thrown(() => {
            Participant.restore(participant.state).expire(now, RULES);
            throw new Error('accepted');
          });
          expect({ now, status, selected }).toEqual({ now, status, selected: (accepted as Error).message === 'accepted' });
        }
      }
    });
  });
});

describe('check-in', () => {
  it('"check-in records checkInAt, tokenInput (trimmed)"', () => {
    const participant = accept();
    participant.checkIn({ at: SHIFT_START, tokenInput: '  4821 ', slaToleranceMinutes: 0 });
    expect(participant.state.checkInAt).toEqual(SHIFT_START);
    expect(participant.state.tokenInput).toBe('4821');
  });

  it.each([undefined, null, '', '   '])('"tokenInput empty → null": %p', (tokenInput) => {
    const participant = accept();
    participant.checkIn({ at: SHIFT_START, tokenInput, slaToleranceMinutes: 0 });
    expect(participant.state.tokenInput).toBeNull();
  });

  it('"isSla = check-in no later than reference start + tolerance": exactly at the boundary is in', () => {
    const participant = started({}, at('2026-12-01T11:10:00.000Z'));
    expect(participant.state.isSla).toBe(true);
  });

  it('"isSla = check-in no later than reference start + tolerance": 1 ms after the boundary is out', () => {
    const participant = started({}, at('2026-12-01T11:10:00.001Z'));
    expect(participant.state.isSla).toBe(false);
  });

  it('"isSla = check-in no later than reference start + tolerance": early is in', () => {
    expect(started({}, at('2026-12-01T09:00:00.000Z')).state.isSla).toBe(true);
  });

  it('"the reference start is shiftStartsAt ?? scheduledFor": a shift wins over the schedule', () => {
    const participant = accept({ mission: ON_SHIFT });
    participant.schedule(at('2026-12-01T14:00:00Z'));
    participant.checkIn({ at: at('2026-12-01T13:00:00Z'), slaToleranceMinutes: 10 });
    expect(participant.state.isSla).toBe(false);
  });

  it('"the reference start is shiftStartsAt ?? scheduledFor": without a shift the schedule counts', () => {
    const participant = accept();
    participant.schedule(at('2026-12-01T14:00:00Z'));
    participant.checkIn({ at: at('2026-12-01T14:05:00Z'), slaToleranceMinutes: 5 });
    expect(participant.state.isSla).toBe(true);
  });

  it('"with neither, isSla is false"', () => {
    const participant = accept();
    participant.checkIn({ at: at('2000-01-01T00:00:00Z'), slaToleranceMinutes: 1000 });
    expect(participant.state.isSla).toBe(false);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('"slaToleranceMinutes must be a non-negative integer": %p', (tolerance) => {
    const participant = accept({ mission: ON_SHIFT });
    const error = thrown(() => participant.checkIn({ at: SHIFT_START, slaToleranceMinutes: tolerance }));
    expect(error).toBeInstanceOf(InvalidSlaToleranceError);
    expect(error).toMatchObject({ kind: 'invalid', code: 'INVALID_SLA_TOLERANCE' });
    expect(participant.state.status).toBe(S.WAITING);
    expect(() => participant.meetsSla(SHIFT_START, tolerance)).toThrow(InvalidSlaToleranceError);
  });

  it('"meetsSla" answers without changing anything', () => {
    const participant = accept({ mission: ON_SHIFT });
    expect(participant.meetsSla(at('2026-12-01T11:00:00.000Z'), 0)).toBe(true);
    expect(participant.meetsSla(at('2026-12-01T11:00:00.001Z'), 0)).toBe(false);
    expect(participant.state.status).toBe(S.WAITING);
  });
});

describe('check-out', () => {
  it('"check-out earlier than check-in → CheckOutBeforeCheckInError"', () => {
    const participant = started();
    const error = thrown(() => participant.checkOut({ at: new Date(SHIFT_START.getTime() - 1), complete: true }));
    expect(error).toBeInstanceOf(CheckOutBeforeCheckInError);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'rule', code: 'CHECK_OUT_BEFORE_CHECK_IN' });
    expect(participant.state.status).toBe(S.STARTED);
    expect(participant.state.checkOutAt).toBeNull();
  });

  it('"check-out equal to check-in is allowed"', () => {
    const participant = started();
    participant.checkOut({ at: SHIFT_START, complete: true });
    expect(participant.state.status).toBe(S.FINISHED);
    expect(participant.storeDuration()).toBe('00:00:00');
  });
});

describe('rating', () => {
  it('"rate only when FINISHED"', () => {
    const participant = finished();
    participant.rate(4, '  good work ');
    expect(participant.state).toMatchObject({ rating: 4, ratingMessage: 'good work' });
    participant.rate(5);
    expect(participant.state).toMatchObject({ rating: 5, ratingMessage: null });
  });

  it.each([
    ['WAITING', () => accept()],
    ['STARTED', () => started()],
    [
      'REJECTED',
      () => {
        const participant = finished();
        participant.reject(null);
        return participant;
      },
    ],
  ])('"rate only when FINISHED (else a \'rule\' error)": %s', (status, make) => {
    const error = thrown(() => make().rate(5));
    expect(error).toBeInstanceOf(RatingNotAllowedError);
    expect(error).toMatchObject({ kind: 'rule', code: 'RATING_NOT_ALLOWED' });
    expect((error as Error).message).toContain(status);
  });

  it.each([0, 6, 3.5, -1, Number.NaN])('"rating integer 1..5 (else \'invalid\' error)": %p', (rating) => {
    const participant = finished();
    const error = thrown(() => participant.rate(rating));
    expect(error).toBeInstanceOf(InvalidRatingError);
    expect(error).toMatchObject({ kind: 'invalid', code: 'INVALID_RATING' });
    expect(participant.state.rating).toBeNull();
  });
});

describe('requests', () => {
  it('"addRequest appends to requests (null -> [text])"', () => {
    const participant = accept();
    participant.addRequest('water');
    expect(participant.state.requests).toEqual(['water']);
    participant.addRequest('a ladder');
    expect(participant.state.requests).toEqual(['water', 'a ladder']);
  });

  it('"a request must contain text"', () => {
    const participant = accept();
    expect(() => participant.addRequest('  ')).toThrow(EmptyRequestError);
    expect(participant.state.requests).toBeNull();
  });
});

describe('durations', () => {
  it('"storeDuration is \'\' while not checked out"', () => {
    expect(accept().storeDuration()).toBe('');
    expect(started().storeDuration()).toBe('');
  });

  it('"storeDuration is HH:MM:SS between check-in and check-out"', () => {
    const participant = started();
    participant.checkOut({ at: at('2026-12-01T19:05:09.999Z'), complete: true });
    expect(participant.storeDuration()).toBe('08:05:09');
  });

  it('"overnight durations": check-out the next day', () => {
    const participant = started({ mission: { ...ON_SHIFT, shifts: ['2026-12-01-19:00-04:00-0'] } }, at('2026-12-01T22:30:00Z'));
    participant.checkOut({ at: at('2026-12-02T06:15:00Z'), complete: false });
    expect(participant.storeDuration()).toBe('07:45:00');
  });

  it('"hours may exceed 24"', () => {
    const participant = started();
    participant.checkOut({ at: at('2026-12-03T12:01:01Z'), complete: true });
    expect(participant.storeDuration()).toBe('49:01:01');
  });

  it.each([
    [0, '00:00:00'],
    [999, '00:00:00'],
    [1000, '00:00:01'],
    [59_999, '00:00:59'],
    [3_600_000, '01:00:00'],
    [86_399_999, '23:59:59'],
    [86_400_000, '24:00:00'],
    [360_000_000, '100:00:00'],
  ])('"formatDuration: HH:MM:SS, floor of seconds": %i ms is %s', (ms, text) => expect(formatDuration(ms)).toBe(text));

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('"a duration is finite and non-negative": %p', (ms) => {
    expect(() => formatDuration(ms)).toThrow(InvalidDurationError);
  });
});
