import { AcceptPlaceError } from './mission-places.errors';
import type { MissionPlaces } from './mission-places';
import { isMissionStatus, MissionStatus, nextStatus, type ParticipantVerb } from './mission-status';
import { InvalidMissionStatusError } from './mission-status.errors';
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
import { assertWorkOf, type Register, WorkApprovedError } from './register';
import { Shift } from './shift';
import { type ZonedDay, zonedDayContaining } from './zoned-time';

export interface ParticipantState {
  id: string;
  muKey: string;
  missionId: string;
  /** its mission's date; with the shift, it sets the participant's day */
  missionDate: Date;
  userName: string;
  status: MissionStatus;
  /** start of the participant's shift, the SLA reference */
  shiftStartsAt: Date | null;
  /** set by schedule() */
  scheduledFor: Date | null;
  checkInAt: Date | null;
  checkOutAt: Date | null;
  /** the token typed at check-in, if any */
  tokenInput: string | null;
  isSla: boolean;
  /** integer 1..5 */
  rating: number | null;
  ratingMessage: string | null;
  isBuffer: boolean;
  requests: string[] | null;
}

export interface AcceptPlace {
  id: string;
  muKey: string;
  /** the mission, with the places its other participants hold */
  mission: MissionPlaces;
  userName: string;
  /** A buffer stands by without holding one of the mission's places. */
  isBuffer?: boolean;
  /** One of the mission's shifts (`day-start-end-index`); the first one when omitted. */
  shift?: string | null;
  /** The place needs an approved estimate before the participant may start. */
  needsEstimate?: boolean;
}

/** When a verb happens, and the zone in which days are whole days (REPORT_TIME_ZONE). */
export interface ZonedNow {
  now: Date;
  timeZone: string;
}

/** What the participant's deadlines depend on: REPORT_TIME_ZONE and SLA_TOLERANCE_MINUTES. */
export interface DeadlineRules {
  timeZone: string;
  slaToleranceMinutes: number;
}

/**
 * Which participants are due for expiry at one instant, as a store can select them (every one it
 * selects, and no other, is one whose `expire` that instant accepts).
 */
export interface ExpiryCutoffs {
  /**
   * WAITING participants are due when their day has ended: when their shift's start, else their
   * mission's date, is before this instant (the first instant of the current day in the zone).
   */
  waitingBefore: Date;
  /** SCHEDULED participants are due when their scheduled time is before this instant (now minus the tolerance). */
  scheduledBefore: Date;
}

export function expiryCutoffs(now: Date, rules: DeadlineRules): ExpiryCutoffs {
  const at = instant('now', now);
  return {
    waitingBefore: zonedDayContaining(at, rules.timeZone).startsAt,
    scheduledBefore: new Date(at.getTime() - toleranceMs(rules.slaToleranceMinutes)),
  };
}

/** One participant's place on a mission (a missions-user). */
export class Participant {
  private constructor(private readonly current: ParticipantState) {}

  /**
   * Takes a place on a mission: on one of its shifts, on a day that has not ended yet, and, unless
   * as a buffer, while a place is open.
   */
  static accept(input: AcceptPlace, { now, timeZone }: ZonedNow): Participant {
    const { mission } = input;
    const at = instant('now', now);
    const shift = input.shift ?? mission.shifts[0];
    if (shift !== undefined && !mission.shifts.includes(shift)) {
      throw new AcceptPlaceError('UNKNOWN_SHIFT', `Shift ${shift} is not a shift of mission ${mission.mbKey}`);
    }
    const participant = new Participant({
      id: input.id,
      muKey: input.muKey,
      missionId: mission.missionId,
      missionDate: instant('missionDate', mission.missionDate),
      userName: input.userName,
      status: input.needsEstimate ? MissionStatus.WAITING_ESTIMATE : MissionStatus.WAITING,
      shiftStartsAt: shift === undefined ? null : Shift.parse(shift).startsAt(timeZone),
      scheduledFor: null,
      checkInAt: null,
      checkOutAt: null,
      tokenInput: null,
      isSla: false,
      rating: null,
      ratingMessage: null,
      isBuffer: input.isBuffer ?? false,
      requests: null,
    });
    const day = participant.day(timeZone);
    if (day.nextDayStartsAt.getTime() <= at.getTime()) {
      throw new AcceptPlaceError('MISSION_DAY_PASSED', `Mission ${mission.mbKey} takes no one on ${day.day} any more: that day has ended in ${timeZone}`);
    }
    if (!participant.current.isBuffer && mission.taken >= mission.places) {
      throw new AcceptPlaceError('MISSION_FULL', `Mission ${mission.mbKey} has no open place`);
    }
    return participant;
  }

  static restore(state: ParticipantState): Participant {
    if (!isMissionStatus(state.status)) throw new InvalidMissionStatusError(state.status);
    return new Participant(copy(state));
  }

  get state(): Readonly<ParticipantState> {
    return copy(this.current);
  }

  approveEstimate(): void {
    this.move('approveEstimate');
  }

  /** The scheduled time is the SLA reference only for participants without a shift. */
  schedule(at: Date): void {
    const scheduledFor = instant('scheduledFor', at);
    this.move('schedule');
    this.current.scheduledFor = scheduledFor;
  }

  checkIn(input: { at: Date; tokenInput?: string | null; slaToleranceMinutes: number }): void {
    const at = instant('checkInAt', input.at);
    const isSla = this.meetsSla(at, input.slaToleranceMinutes);
    this.move('checkIn');
    this.current.checkInAt = at;
    this.current.tokenInput = blankToNull(input.tokenInput);
    this.current.isSla = isSla;
  }

  checkOut(input: { at: Date; complete: boolean }): void {
    const at = instant('checkOutAt', input.at);
    const status = nextStatus(this.current.status, input.complete ? 'finish' : 'leaveIncomplete');
    const { checkInAt } = this.current;
    if (checkInAt && at.getTime() < checkInAt.getTime()) throw new CheckOutBeforeCheckInError(checkInAt, at);
    this.current.status = status;
    this.current.checkOutAt = at;
  }

  /**
   * The review rejects the work. `register` is the participant's submitted work, null when none was
   * submitted: an APPROVED one forbids the rejection, a PENDING one is reproved with it.
   */
  reject(register: Register | null): void {
    if (register !== null) {
      assertWorkOf(register, this);
      if (register.state.status === 'APPROVED') throw new WorkApprovedError(this.current.muKey);
    }
    this.move('reject');
    if (register?.state.status === 'PENDING') register.reprove();
  }

  /**
   * The day passed (WAITING → EXPIRED), or the scheduled time did (SCHEDULED → SCHEDULED_EXPIRED),
   * without a check-in: refused before `expiresAt`.
   */
  expire(now: Date, rules: DeadlineRules): void {
    const at = instant('now', now);
    const status = nextStatus(this.current.status, 'expire');
    const deadline = this.expiresAt(rules);
    if (deadline === null || at.getTime() < deadline.getTime()) throw new ExpiryNotDueError(this.current.status, deadline, at);
    this.current.status = status;
  }

  /**
   * The first instant at which `expire` is accepted, or null when there is none: for a WAITING
   * participant the first instant after its day; for a SCHEDULED one the first after its last
   * on-time check-in (the scheduled time plus the tolerance), so a check-in and an expiry never
   * share an instant. A SCHEDULED row without a scheduled time (written by hand) never expires.
   */
  expiresAt(rules: DeadlineRules): Date | null {
    const { status, scheduledFor } = this.current;
    if (status === MissionStatus.WAITING) return this.day(rules.timeZone).nextDayStartsAt;
    if (status === MissionStatus.SCHEDULED && scheduledFor !== null) {
      return new Date(scheduledFor.getTime() + toleranceMs(rules.slaToleranceMinutes) + 1);
    }
    return null;
  }

  quit(): void {
    this.move('quit');
  }

  remove(): void {
    this.move('remove');
  }

  /** Rating again replaces the earlier rating. */
  rate(rating: number, message?: string | null): void {
    if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw new InvalidRatingError(rating);
    if (this.current.status !== MissionStatus.FINISHED) throw new RatingNotAllowedError(this.current.status);
    this.current.rating = rating;
    this.current.ratingMessage = blankToNull(message);
  }

  addRequest(text: string): void {
    if (text.trim() === '') throw new EmptyRequestError();
    this.current.requests = [...(this.current.requests ?? []), text];
  }

  storeDuration(): string {
    const { checkInAt, checkOutAt } = this.current;
    return checkInAt && checkOutAt ? formatDuration(checkOutAt.getTime() - checkInAt.getTime()) : '';
  }

  /** The participant's day in `timeZone`: its shift's day, else its mission's day. */
  day(timeZone: string): ZonedDay {
    return zonedDayContaining(this.current.shiftStartsAt ?? this.current.missionDate, timeZone);
  }

  /** Early is on time: only lateness beyond the tolerance breaks the SLA. */
  meetsSla(checkInAt: Date, toleranceMinutes: number): boolean {
    const tolerance = toleranceMs(toleranceMinutes);
    const reference = this.current.shiftStartsAt ?? this.current.scheduledFor;
    return reference !== null && checkInAt.getTime() <= reference.getTime() + tolerance;
  }

  private move(verb: ParticipantVerb): void {
    this.current.status = nextStatus(this.current.status, verb);
  }
}

function toleranceMs(minutes: number): number {
  if (!Number.isSafeInteger(minutes) || minutes < 0) throw new InvalidSlaToleranceError(minutes);
  return minutes * 60_000;
}

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) throw new InvalidDurationError(ms);
  const seconds = Math.floor(ms / 1000);
  return [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
}

// Dates are mutable, so every Date crossing the boundary is copied, in and out.
function instant(field: string, value: Date): Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw new InvalidInstantError(field);
  return new Date(value.getTime());
}

function copyDate(value: Date | null): Date | null {
  return value && new Date(value.getTime());
}

function copy(state: ParticipantState): ParticipantState {
  return {
    ...state,
    missionDate: new Date(state.missionDate.getTime()),
    shiftStartsAt: copyDate(state.shiftStartsAt),
    scheduledFor: copyDate(state.scheduledFor),
    checkInAt: copyDate(state.checkInAt),
    checkOutAt: copyDate(state.checkOutAt),
    requests: state.requests && [...state.requests],
  };
}

function blankToNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}
