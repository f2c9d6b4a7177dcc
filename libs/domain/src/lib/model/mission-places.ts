import { MissionStatus } from './mission-status';

/** A mission as someone taking one of its places sees it, read under a lock that serialises takers. */
export interface MissionPlaces {
  missionId: string;
  mbKey: string;
  places: number;
  /** Places already held: see `holdsPlace`. */
  taken: number;
  missionDate: Date;
  /** The shifts of the demand the mission came from. */
  shifts: readonly string[];
}

/** A participant in one of these statuses gave its place back: someone else may take it. */
export const PLACE_RELEASING_STATUSES: readonly MissionStatus[] = Object.freeze([MissionStatus.QUIT, MissionStatus.REMOVED]);

/** Whether a participant holds one of its mission's places; a buffer stands by without holding one. */
export function holdsPlace(participant: { status: MissionStatus; isBuffer: boolean }): boolean {
  return !participant.isBuffer && !PLACE_RELEASING_STATUSES.includes(participant.status);
}
