import { DomainError } from './domain-error';
import {
  canTransition,
  isFinalStatus,
  isMissionStatus,
  MISSION_STATUSES,
  MISSION_TRANSITIONS,
  MissionStatus,
  missionStatusName,
  nextStatus,
  PARTICIPANT_VERBS,
  type ParticipantVerb,
} from './mission-status';
import { InvalidMissionStatusError, InvalidTransitionError } from './mission-status.errors';

const S = MissionStatus;
const NO = null;

const VERBS: ParticipantVerb[] = ['approveEstimate', 'schedule', 'checkIn', 'finish', 'leaveIncomplete', 'reject', 'expire', 'quit', 'remove'];

/** The target a refused verb reports. */
const NOMINAL: Record<ParticipantVerb, MissionStatus> = {
  approveEstimate: S.WAITING,
  schedule: S.SCHEDULED,
  checkIn: S.STARTED,
  finish: S.FINISHED,
  leaveIncomplete: S.INCOMPLETED,
  reject: S.REJECTED,
  expire: S.EXPIRED,
  quit: S.QUIT,
  remove: S.REMOVED,
};

// prettier-ignore
const EXPECTED: [MissionStatus, (MissionStatus | null)[]][] = [
  //                    approveEstimate schedule     checkIn    finish      leaveIncomplete reject      expire                 quit    remove
  [S.WAITING,           [NO,             S.SCHEDULED, S.STARTED, NO,         NO,             NO,         S.EXPIRED,             S.QUIT, S.REMOVED]],
  [S.STARTED,           [NO,             NO,          NO,        S.FINISHED, S.INCOMPLETED,  NO,         NO,                    S.QUIT, S.REMOVED]],
  [S.FINISHED,          [NO,             NO,          NO,        NO,         NO,             S.REJECTED, NO,                    NO,     NO]],
  [S.REJECTED,          [NO,             NO,          NO,        NO,         NO,             NO,         NO,                    NO,     NO]],
  [S.EXPIRED,           [NO,             NO,          NO,        NO,         NO,             NO,         NO,                    NO,     NO]],
  [S.REMOVED,           [NO,             NO,          NO,        NO,         NO,             NO,         NO,                    NO,     NO]],
  [S.QUIT,              [NO,             NO,          NO,        NO,         NO,             NO,         NO,                    NO,     NO]],
  [S.INCOMPLETED,       [NO,             NO,          NO,        NO,         NO,             NO,         NO,                    NO,     NO]],
  [S.WAITING_ESTIMATE,  [S.WAITING,      S.SCHEDULED, NO,        NO,         NO,             NO,         NO,                    S.QUIT, S.REMOVED]],
  [S.SCHEDULED,         [NO,             NO,          S.STARTED, NO,         NO,             NO,         S.SCHEDULED_EXPIRED,   S.QUIT, S.REMOVED]],
  [S.SCHEDULED_EXPIRED, [NO,             NO,          NO,        NO,         NO,             NO,         NO,                    NO,     NO]],
];

const PAIRS = EXPECTED.flatMap(([from, targets]) =>
  VERBS.map((verb, column) => [missionStatusName(from), verb, from, targets[column]] as const),
);

describe('MissionStatus', () => {
  it('"the numbers and names match the list" WAITING = 0 ... SCHEDULED_EXPIRED = 10', () => {
    expect(MISSION_STATUSES.map((status) => [status, missionStatusName(status)])).toEqual([
      [0, 'WAITING'],
      [1, 'STARTED'],
      [2, 'FINISHED'],
      [3, 'REJECTED'],
      [4, 'EXPIRED'],
      [5, 'REMOVED'],
      [6, 'QUIT'],
      [7, 'INCOMPLETED'],
      [8, 'WAITING_ESTIMATE'],
      [9, 'SCHEDULED'],
      [10, 'SCHEDULED_EXPIRED'],
    ]);
  });

  it('"MISSION_STATUSES: all 11, ascending" and frozen', () => {
    expect(MISSION_STATUSES).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(Object.isFrozen(MISSION_STATUSES)).toBe(true);
  });

  it.each([0, 5, 10])('"isMissionStatus: integer 0..10": %p is', (value) => expect(isMissionStatus(value)).toBe(true));

  it.each([-1, 11, 1.5, '1', null, undefined, Number.NaN, 'WAITING'])('"isMissionStatus: integer 0..10": %p is not', (value) =>
    expect(isMissionStatus(value)).toBe(false),
  );

  it('"missionStatusName only names a status"', () => {
    expect(() => missionStatusName(11 as MissionStatus)).toThrow(InvalidMissionStatusError);
    expect(() => missionStatusName(11 as MissionStatus)).toThrow(expect.objectContaining({ kind: 'invalid', code: 'INVALID_MISSION_STATUS' }));
  });
});

describe('participant verbs', () => {
  it('"PARTICIPANT_VERBS" lists the nine verbs', () => {
    expect(PARTICIPANT_VERBS).toEqual(VERBS);
    expect(Object.isFrozen(PARTICIPANT_VERBS)).toBe(true);
  });

  it('the expected table covers every state', () => {
    expect(EXPECTED.map(([from]) => from)).toEqual([...MISSION_STATUSES]);
  });

  it.each(PAIRS.filter(([, , , to]) => to !== null))('"%s --%s--> the table\'s target"', (_name, verb, from, to) => {
    expect(nextStatus(from, verb)).toBe(to);
    expect(canTransition(from, to as MissionStatus)).toBe(true);
  });

  it.each(PAIRS.filter(([, , , to]) => to === null))(
    '"everything else is refused": %s --%s--> InvalidTransitionError naming both states',
    (name, verb, from) => {
      const to = NOMINAL[verb];
      let error: unknown;
      try {
        nextStatus(from, verb);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(InvalidTransitionError);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ kind: 'conflict', code: 'INVALID_TRANSITION', from, to, verb, name: 'InvalidTransitionError' });
      expect((error as Error).message).toBe(`Cannot ${verb}: transition from ${name} to ${missionStatusName(to)} is not allowed`);
    },
  );

  it('"Cannot finish: transition from WAITING to FINISHED is not allowed"', () => {
    expect(() => nextStatus(S.WAITING, 'finish')).toThrow('Cannot finish: transition from WAITING to FINISHED is not allowed');
  });

  it('"expire → EXPIRED unless from is SCHEDULED"', () => {
    expect(nextStatus(S.WAITING, 'expire')).toBe(S.EXPIRED);
    expect(nextStatus(S.SCHEDULED, 'expire')).toBe(S.SCHEDULED_EXPIRED);
    expect(() => nextStatus(S.STARTED, 'expire')).toThrow(expect.objectContaining({ from: S.STARTED, to: S.EXPIRED }));
  });

  it('"a status outside 0..10 is invalid, not a refused transition"', () => {
    expect(() => nextStatus(42 as MissionStatus, 'quit')).toThrow(InvalidMissionStatusError);
  });
});

describe('MISSION_TRANSITIONS', () => {
  it('"for each state, the states it may move to" is exactly what the verbs allow', () => {
    for (const [from, targets] of EXPECTED) {
      const allowed = [...new Set(targets.filter((to): to is MissionStatus => to !== null))].sort((a, b) => a - b);
      expect(MISSION_TRANSITIONS[from]).toEqual(allowed);
    }
  });

  it('"canTransition" answers for every pair from the table and nothing else', () => {
    for (const from of MISSION_STATUSES) {
      for (const to of MISSION_STATUSES) {
        expect(canTransition(from, to)).toBe(MISSION_TRANSITIONS[from].includes(to));
      }
    }
    expect(canTransition(S.WAITING, S.FINISHED)).toBe(false);
    expect(canTransition(42 as MissionStatus, S.WAITING)).toBe(false);
  });

  it('"frozen"', () => {
    expect(Object.isFrozen(MISSION_TRANSITIONS)).toBe(true);
    for (const status of MISSION_STATUSES) expect(Object.isFrozen(MISSION_TRANSITIONS[status])).toBe(true);
  });
});

describe('final states', () => {
  const FINAL = [S.REJECTED, S.EXPIRED, S.REMOVED, S.QUIT, S.INCOMPLETED, S.SCHEDULED_EXPIRED];

  it.each(FINAL.map((status) => [missionStatusName(status), status]))('"%s is final (no way out)"', (_name, status) => {
    expect(isFinalStatus(status)).toBe(true);
    expect(MISSION_TRANSITIONS[status]).toEqual([]);
    for (const verb of VERBS) expect(() => nextStatus(status, verb)).toThrow(InvalidTransitionError);
  });

  it('"FINISHED is not final (it can be rejected)"', () => {
    expect(isFinalStatus(S.FINISHED)).toBe(false);
    expect(MISSION_TRANSITIONS[S.FINISHED]).toEqual([S.REJECTED]);
  });

  it('"only REJECTED, EXPIRED, REMOVED, QUIT, INCOMPLETED, SCHEDULED_EXPIRED are final"', () => {
    expect(MISSION_STATUSES.filter(isFinalStatus)).toEqual([...FINAL].sort((a, b) => a - b));
  });
});
