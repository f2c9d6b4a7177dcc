import { DomainError } from './domain-error';
import { MissionStatus } from './mission-status';
import { InvalidMissionStatusError, InvalidTransitionError } from './mission-status.errors';
import { formatDuration, Participant, type AcceptPlace, type ParticipantState } from './participant';
import {
  CheckOutBeforeCheckInError,
  EmptyRequestError,
  InvalidDurationError,
  InvalidInstantError,
  InvalidRatingError,
  InvalidSlaToleranceError,
  RatingNotAllowedError,
} from './participant.errors';

const S = MissionStatus;
const at = (iso: string) => new Date(iso);
const SHIFT_START = at('2026-12-01T11:00:00.000Z');
const PLACE: AcceptPlace = { id: 'p-1', muKey: 'mu-1', missionId: 'm-1', userName: 'ana' };

function started(overrides: Partial<AcceptPlace> = {}, checkInAt = SHIFT_START): Participant {
  const participant = Participant.accept({ ...PLACE, shiftStartsAt: SHIFT_START, ...overrides });
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
    expect(Participant.accept(PLACE).state).toEqual<ParticipantState>({
      ...PLACE,
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
    expect(Participant.accept({ ...PLACE, needsEstimate: true }).state.status).toBe(S.WAITING_ESTIMATE);
    expect(Participant.accept({ ...PLACE, needsEstimate: false }).state.status).toBe(S.WAITING);
  });

  it('keeps isBuffer and shiftStartsAt when given', () => {
    const state = Participant.accept({ ...PLACE, isBuffer: true, shiftStartsAt: SHIFT_START }).state;
    expect(state.isBuffer).toBe(true);
    expect(state.shiftStartsAt).toEqual(SHIFT_START);
  });

  it('"an instant must be a valid Date"', () => {
    expect(() => Participant.accept({ ...PLACE, shiftStartsAt: new Date(Number.NaN) })).toThrow(InvalidInstantError);
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
    copy.requests?.push('food');
    expect(participant.state.status).toBe(S.STARTED);
    expect(participant.state.checkInAt).toEqual(SHIFT_START);
    expect(participant.state.shiftStartsAt).toEqual(SHIFT_START);
    expect(participant.state.requests).toEqual(['water']);
  });

  it('"a copy": Dates and arrays handed in are copied too', () => {
    const shiftStartsAt = new Date(SHIFT_START);
    const participant = Participant.accept({ ...PLACE, shiftStartsAt });
    shiftStartsAt.setTime(0);
    expect(participant.state.shiftStartsAt).toEqual(SHIFT_START);

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
    const state = { ...Participant.accept(PLACE).state, status: 11 as MissionStatus };
    expect(() => Participant.restore(state)).toThrow(InvalidMissionStatusError);
  });
});

describe('verbs', () => {
  it('"every verb goes through nextStatus": the happy path', () => {
    const participant = Participant.accept({ ...PLACE, needsEstimate: true });
    participant.approveEstimate();
    expect(participant.state.status).toBe(S.WAITING);
    participant.schedule(SHIFT_START);
    expect(participant.state.status).toBe(S.SCHEDULED);
    participant.checkIn({ at: SHIFT_START, slaToleranceMinutes: 0 });
    expect(participant.state.status).toBe(S.STARTED);
    participant.checkOut({ at: at('2026-12-01T12:00:00Z'), complete: true });
    expect(participant.state.status).toBe(S.FINISHED);
    participant.reject();
    expect(participant.state.status).toBe(S.REJECTED);
  });

  it.each<[string, (participant: Participant) => void, MissionStatus]>([
    ['expire', (p) => p.expire(), S.EXPIRED],
    ['quit', (p) => p.quit(), S.QUIT],
    ['remove', (p) => p.remove(), S.REMOVED],
  ])('"every verb goes through nextStatus": %s from WAITING', (_verb, act, status) => {
    const participant = Participant.accept(PLACE);
    act(participant);
    expect(participant.state.status).toBe(status);
  });

  it('"every verb goes through nextStatus": expire from SCHEDULED is SCHEDULED_EXPIRED', () => {
    const participant = Participant.accept(PLACE);
    participant.schedule(SHIFT_START);
    participant.expire();
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
    ['expire', (p) => p.expire(), S.EXPIRED],
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
    expect(() => Participant.accept(PLACE).reject()).toThrow(InvalidTransitionError);
  });

  it('"schedule sets scheduledFor"', () => {
    const participant = Participant.accept(PLACE);
    participant.schedule(at('2026-12-02T12:00:00Z'));
    expect(participant.state.scheduledFor).toEqual(at('2026-12-02T12:00:00Z'));
  });

  it('"an instant must be a valid Date"', () => {
    const participant = Participant.accept(PLACE);
    expect(() => participant.schedule(new Date(Number.NaN))).toThrow(InvalidInstantError);
    expect(() => participant.checkIn({ at: new Date(Number.NaN), slaToleranceMinutes: 0 })).toThrow(
      expect.objectContaining({ kind: 'invalid', code: 'INVALID_INSTANT', field: 'checkInAt' }),
    );
    expect(participant.state.status).toBe(S.WAITING);
  });
});

describe('check-in', () => {
  it('"check-in records checkInAt, tokenInput (trimmed)"', () => {
    const participant = Participant.accept(PLACE);
    participant.checkIn({ at: SHIFT_START, tokenInput: '  4821 ', slaToleranceMinutes: 0 });
    expect(participant.state.checkInAt).toEqual(SHIFT_START);
    expect(participant.state.tokenInput).toBe('4821');
  });

  it.each([undefined, null, '', '   '])('"tokenInput empty → null": %p', (tokenInput) => {
    const participant = Participant.accept(PLACE);
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
    const participant = Participant.accept({ ...PLACE, shiftStartsAt: SHIFT_START });
    participant.schedule(at('2026-12-01T14:00:00Z'));
    participant.checkIn({ at: at('2026-12-01T13:00:00Z'), slaToleranceMinutes: 10 });
    expect(participant.state.isSla).toBe(false);
  });

  it('"the reference start is shiftStartsAt ?? scheduledFor": without a shift the schedule counts', () => {
    const participant = Participant.accept(PLACE);
    participant.schedule(at('2026-12-01T14:00:00Z'));
    participant.checkIn({ at: at('2026-12-01T14:05:00Z'), slaToleranceMinutes: 5 });
    expect(participant.state.isSla).toBe(true);
  });

  it('"with neither, isSla is false"', () => {
    const participant = Participant.accept(PLACE);
    participant.checkIn({ at: at('2000-01-01T00:00:00Z'), slaToleranceMinutes: 1000 });
    expect(participant.state.isSla).toBe(false);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('"slaToleranceMinutes must be a non-negative integer": %p', (tolerance) => {
    const participant = Participant.accept({ ...PLACE, shiftStartsAt: SHIFT_START });
    const error = thrown(() => participant.checkIn({ at: SHIFT_START, slaToleranceMinutes: tolerance }));
    expect(error).toBeInstanceOf(InvalidSlaToleranceError);
    expect(error).toMatchObject({ kind: 'invalid', code: 'INVALID_SLA_TOLERANCE' });
    expect(participant.state.status).toBe(S.WAITING);
    expect(() => participant.meetsSla(SHIFT_START, tolerance)).toThrow(InvalidSlaToleranceError);
  });

  it('"meetsSla" answers without changing anything', () => {
    const participant = Participant.accept({ ...PLACE, shiftStartsAt: SHIFT_START });
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
    ['WAITING', () => Participant.accept(PLACE)],
    ['STARTED', () => started()],
    [
      'REJECTED',
      () => {
        const participant = finished();
        participant.reject();
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
    const participant = Participant.accept(PLACE);
    participant.addRequest('water');
    expect(participant.state.requests).toEqual(['water']);
    participant.addRequest('a ladder');
    expect(participant.state.requests).toEqual(['water', 'a ladder']);
  });

  it('"a request must contain text"', () => {
    const participant = Participant.accept(PLACE);
    expect(() => participant.addRequest('  ')).toThrow(EmptyRequestError);
    expect(participant.state.requests).toBeNull();
  });
});

describe('durations', () => {
  it('"storeDuration is \'\' while not checked out"', () => {
    expect(Participant.accept(PLACE).storeDuration()).toBe('');
    expect(started().storeDuration()).toBe('');
  });

  it('"storeDuration is HH:MM:SS between check-in and check-out"', () => {
    const participant = started();
    participant.checkOut({ at: at('2026-12-01T19:05:09.999Z'), complete: true });
    expect(participant.storeDuration()).toBe('08:05:09');
  });

  it('"overnight durations": check-out the next day', () => {
    const participant = started({ shiftStartsAt: at('2026-12-01T22:00:00Z') }, at('2026-12-01T22:30:00Z'));
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
