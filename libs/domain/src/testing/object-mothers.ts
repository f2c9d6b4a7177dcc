import type { DemandInput } from '../lib/model/demand';
import { MissionStatus } from '../lib/model/mission-status';
import type { ParticipantState } from '../lib/model/participant';

/** A well-formed, non-workforce demand for one day; tests override what they are about. */
export function aDemandInput(overrides: Partial<DemandInput> = {}): DemandInput {
  return {
    missionMainId: '00000000-0000-4000-8000-00000000aaaa',
    datePicked: '2026-12-01',
    scheduledAt: null,
    participants: 2,
    storesIds: [],
    shifts: [],
    formId: null,
    formPdvId: null,
    customFields: null,
    ...overrides,
  };
}

/** A participant who has just taken a place: WAITING, nothing recorded yet. */
export function aParticipantState(overrides: Partial<ParticipantState> = {}): ParticipantState {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    muKey: 'MU-000000000001',
    missionId: 'mission-1',
    missionDate: new Date('2026-12-01T03:00:00.000Z'),
    userName: 'Ana',
    status: MissionStatus.WAITING,
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
    ...overrides,
  };
}
