import { DemandRuleError } from './demand.errors';
import { parseShifts, Shift } from './shift';
import { startOfZonedDay } from './zoned-time';

/** Format bounds of a demand, shared with the HTTP layer's request validation. */
export const DEMAND_LIMITS = Object.freeze({
  participantsMin: 1,
  participantsMax: 10_000,
  storesMax: 1_000,
  /** Store ids are PostgreSQL `integer`s. */
  storeIdMax: 2_147_483_647,
  shiftsMax: 1_000,
  customFieldsMaxBytes: 64 * 1024,
});

/** A demand as the client sent it, already checked for shape and format. */
export interface DemandInput {
  missionMainId: string;
  datePicked: string;
  scheduledAt: string | null;
  participants: number;
  storesIds: readonly number[];
  shifts: readonly string[];
  formId: string | null;
  formPdvId: string | null;
  customFields: Readonly<Record<string, unknown>> | null;
}

export interface MainMissionRules {
  id: string;
  /** The subcategory's check_in_check_out switch: its missions are workforce missions. */
  checkInCheckOut: boolean;
  /** The subcategory asks for a form on each demand. */
  requiresForm: boolean;
}

export interface StoreRef {
  id: number;
  isWorkforce: boolean;
}

/** What the client account's own data says about the ids a demand names. */
export interface DemandReferences {
  mainMission: MainMissionRules | null;
  formFound: boolean;
  formPdvFound: boolean;
  /** The named stores that belong to the account; the others are unknown. */
  stores: readonly StoreRef[];
}

export interface CheckedDemand {
  isWorkforce: boolean;
  shifts: readonly Shift[];
}

/**
 * Applies the demand rules to a well-formed demand. Ids of another client account are absent from
 * `refs`, so they fail exactly like ids that do not exist.
 */
export function checkDemandRules(input: DemandInput, refs: DemandReferences): CheckedDemand {
  const shifts = parseShifts(input.shifts);
  const mission = refs.mainMission;
  if (!mission) {
    throw new DemandRuleError('UNKNOWN_MAIN_MISSION', 'missionMainId does not name a main mission of this account');
  }
  if (input.formId !== null && !refs.formFound) {
    throw new DemandRuleError('UNKNOWN_FORM', 'formId does not name a form of this account');
  }
  if (input.formPdvId !== null && !refs.formPdvFound) {
    throw new DemandRuleError('UNKNOWN_PDV_FORM', 'formPdvId does not name a point-of-sale form of this account');
  }
  const known = new Map(refs.stores.map((store) => [store.id, store]));
  const unknown = input.storesIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new DemandRuleError('UNKNOWN_STORES', `storesIds must name stores of this account; unknown: ${unknown.join(', ')}`);
  }

  const isWorkforce = shifts.length > 0 || mission.checkInCheckOut;
  if (isWorkforce) {
    if (!mission.checkInCheckOut) {
      throw new DemandRuleError(
        'SUBCATEGORY_WITHOUT_CHECK_IN_CHECK_OUT',
        'A workforce demand (one with shifts) needs a mission subcategory with check_in_check_out enabled',
      );
    }
    if (shifts.length === 0) {
      throw new DemandRuleError('SHIFTS_REQUIRED', 'A workforce demand requires at least one shift');
    }
    const notWorkforce = input.storesIds.filter((id) => !known.get(id)?.isWorkforce);
    if (notWorkforce.length > 0) {
      throw new DemandRuleError(
        'STORES_NOT_WORKFORCE',
        `Every store of a workforce demand must be a workforce store; not a workforce store: ${notWorkforce.join(', ')}`,
      );
    }
    if (mission.requiresForm && input.formId === null) {
      throw new DemandRuleError('FORM_REQUIRED', 'formId is required: the mission subcategory requires a form');
    }
  }
  return { isWorkforce, shifts };
}

/** When the demand's missions happen: the scheduled instant, else the start of the picked day. */
export function missionDateOf(input: DemandInput, timeZone: string): Date {
  return input.scheduledAt !== null ? new Date(input.scheduledAt) : startOfZonedDay(input.datePicked, timeZone);
}

/** A mission a demand creates. */
export interface PlannedMission {
  id: string;
  mbKey: string;
  storeId: number | null;
  missionDate: Date;
  places: number;
}

/**
 * The missions of a demand: one per store, or one when it names none, each on the demand's date
 * with the demand's number of places. `identify` gives each its id and MB key.
 */
export function planMissions(input: DemandInput, timeZone: string, identify: () => { id: string; mbKey: string }): PlannedMission[] {
  const missionDate = missionDateOf(input, timeZone);
  const stores: (number | null)[] = input.storesIds.length > 0 ? [...input.storesIds] : [null];
  return stores.map((storeId) => ({ ...identify(), storeId, missionDate: new Date(missionDate.getTime()), places: input.participants }));
}
