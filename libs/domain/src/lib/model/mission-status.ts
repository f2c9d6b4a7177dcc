import { InvalidMissionStatusError, InvalidTransitionError } from './mission-status.errors';

/** The numbers are stored and exchanged; never renumber. */
export enum MissionStatus {
  WAITING = 0,
  STARTED = 1,
  FINISHED = 2,
  REJECTED = 3,
  EXPIRED = 4,
  REMOVED = 5,
  QUIT = 6,
  INCOMPLETED = 7,
  WAITING_ESTIMATE = 8,
  SCHEDULED = 9,
  SCHEDULED_EXPIRED = 10,
}

export const MISSION_STATUSES: readonly MissionStatus[] = Object.freeze(
  Object.values(MissionStatus)
    .filter((value): value is MissionStatus => typeof value === 'number')
    .sort((a, b) => a - b),
);

export function missionStatusName(status: MissionStatus): string {
  if (!isMissionStatus(status)) throw new InvalidMissionStatusError(status);
  return MissionStatus[status];
}

export function isMissionStatus(value: unknown): value is MissionStatus {
  return (MISSION_STATUSES as readonly unknown[]).includes(value);
}

export type ParticipantVerb =
  | 'approveEstimate'
  | 'schedule'
  | 'checkIn'
  | 'finish'
  | 'leaveIncomplete'
  | 'reject'
  | 'expire'
  | 'quit'
  | 'remove';

interface Move {
  readonly from: readonly MissionStatus[];
  readonly to: MissionStatus;
}

const { WAITING, STARTED, FINISHED, REJECTED, EXPIRED, REMOVED, QUIT } = MissionStatus;
const { INCOMPLETED, WAITING_ESTIMATE, SCHEDULED, SCHEDULED_EXPIRED } = MissionStatus;
const NOT_YET_CHECKED_OUT = [WAITING_ESTIMATE, WAITING, SCHEDULED, STARTED];

/**
 * The single source of every transition. A verb's first move names its nominal target, the
 * state a refused verb reports it was aiming for.
 */
const VERB_MOVES: Readonly<Record<ParticipantVerb, readonly Move[]>> = {
  approveEstimate: [{ from: [WAITING_ESTIMATE], to: WAITING }],
  schedule: [{ from: [WAITING_ESTIMATE, WAITING], to: SCHEDULED }],
  checkIn: [{ from: [WAITING, SCHEDULED], to: STARTED }],
  finish: [{ from: [STARTED], to: FINISHED }],
  leaveIncomplete: [{ from: [STARTED], to: INCOMPLETED }],
  reject: [{ from: [FINISHED], to: REJECTED }],
  expire: [
    { from: [WAITING], to: EXPIRED },
    { from: [SCHEDULED], to: SCHEDULED_EXPIRED },
  ],
  quit: [{ from: NOT_YET_CHECKED_OUT, to: QUIT }],
  remove: [{ from: NOT_YET_CHECKED_OUT, to: REMOVED }],
};

export const PARTICIPANT_VERBS: readonly ParticipantVerb[] = Object.freeze(Object.keys(VERB_MOVES) as ParticipantVerb[]);

/** frozen: for each state, the states it may move to */
export const MISSION_TRANSITIONS: Readonly<Record<MissionStatus, readonly MissionStatus[]>> = Object.freeze(
  Object.fromEntries(
    MISSION_STATUSES.map((from) => {
      const targets = Object.values(VERB_MOVES)
        .flat()
        .filter((move) => move.from.includes(from))
        .map((move) => move.to);
      return [from, Object.freeze([...new Set(targets)].sort((a, b) => a - b))];
    }),
  ) as Record<MissionStatus, readonly MissionStatus[]>,
);

export function canTransition(from: MissionStatus, to: MissionStatus): boolean {
  return MISSION_TRANSITIONS[from]?.includes(to) ?? false;
}

export function isFinalStatus(status: MissionStatus): boolean {
  return MISSION_TRANSITIONS[status]?.length === 0;
}

/** the state a verb leads to from `from`; throws InvalidTransitionError when refused */
export function nextStatus(from: MissionStatus, verb: ParticipantVerb): MissionStatus {
  if (!isMissionStatus(from)) throw new InvalidMissionStatusError(from);
  const moves = VERB_MOVES[verb];
  const move = moves.find((candidate) => candidate.from.includes(from));
  if (!move) throw new InvalidTransitionError(from, moves[0].to, verb);
  return move.to;
}
