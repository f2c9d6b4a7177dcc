import { checkDemandRules, missionDateOf, type DemandInput, type DemandReferences, type MainMissionRules } from './demand';
import { DemandRuleError } from './demand.errors';
import { InvalidShiftError } from './shift.errors';
import { aDemandInput } from '../../testing/object-mothers';

const MAIN = '11111111-1111-4111-8111-111111111111';
const FORM = '22222222-2222-4222-8222-222222222222';
const PDV_FORM = '33333333-3333-4333-8333-333333333333';
const SHIFT = '2026-12-01-08:00-17:00-0';

const demand = (overrides: Partial<DemandInput> = {}) => aDemandInput({ missionMainId: MAIN, ...overrides });

function mainMission(overrides: Partial<MainMissionRules> = {}): MainMissionRules {
  return { id: MAIN, checkInCheckOut: false, requiresForm: false, ...overrides };
}

function refs(overrides: Partial<DemandReferences> = {}): DemandReferences {
  return { mainMission: mainMission(), formFound: false, formPdvFound: false, stores: [], ...overrides };
}

/** A subcategory with check_in_check_out: its demands are workforce demands. */
const workforce = (overrides: Partial<MainMissionRules> = {}) => mainMission({ checkInCheckOut: true, ...overrides });

function ruleBroken(input: DemandInput, references: DemandReferences): DemandRuleError {
  try {
    checkDemandRules(input, references);
  } catch (error) {
    if (error instanceof DemandRuleError) return error;
    throw error;
  }
  throw new Error('expected a DemandRuleError');
}

describe('checkDemandRules', () => {
  describe('references of the account', () => {
    it('"missionMainId names a main mission of this account" (UNKNOWN_MAIN_MISSION)', () => {
      const error = ruleBroken(demand(), refs({ mainMission: null }));
      expect(error.code).toBe('UNKNOWN_MAIN_MISSION');
      expect(error.kind).toBe('rule');
      expect(error.message).toMatch(/missionMainId/);
    });

    it('"formId, when given, names a form of this account" (UNKNOWN_FORM)', () => {
      expect(ruleBroken(demand({ formId: FORM }), refs({ formFound: false })).code).toBe('UNKNOWN_FORM');
      expect(checkDemandRules(demand({ formId: FORM }), refs({ formFound: true })).isWorkforce).toBe(false);
    });

    it('"formPdvId, when given, names a point-of-sale form of this account" (UNKNOWN_PDV_FORM)', () => {
      expect(ruleBroken(demand({ formPdvId: PDV_FORM }), refs({ formPdvFound: false })).code).toBe('UNKNOWN_PDV_FORM');
      expect(checkDemandRules(demand({ formPdvId: PDV_FORM }), refs({ formPdvFound: true })).isWorkforce).toBe(false);
    });

    it('formFound / formPdvFound are not looked at when the demand names no form', () => {
      expect(() => checkDemandRules(demand(), refs({ formFound: false, formPdvFound: false }))).not.toThrow();
    });

    it('"storesIds, when given, name stores of this account" (UNKNOWN_STORES), naming the unknown ones', () => {
      const error = ruleBroken(demand({ storesIds: [1, 2, 3] }), refs({ stores: [{ id: 2, isWorkforce: false }] }));
      expect(error.code).toBe('UNKNOWN_STORES');
      expect(error.message).toMatch(/unknown: 1, 3$/);
    });
  });

  describe('what makes a workforce demand', () => {
    it('"a demand is a workforce demand when it carries shifts"', () => {
      const checked = checkDemandRules(demand({ shifts: [SHIFT] }), refs({ mainMission: workforce() }));
      expect(checked.isWorkforce).toBe(true);
      expect(checked.shifts.map(String)).toEqual([SHIFT]);
    });

    it('"or when the main mission\'s subcategory has check_in_check_out enabled"', () => {
      // Without shifts this is refused, which shows it was taken for a workforce demand.
      expect(ruleBroken(demand(), refs({ mainMission: workforce() })).code).toBe('SHIFTS_REQUIRED');
    });

    it('a non-workforce demand passes with no shifts and non-workforce stores', () => {
      const checked = checkDemandRules(
        demand({ storesIds: [7, 8] }),
        refs({ stores: [{ id: 7, isWorkforce: false }, { id: 8, isWorkforce: false }] }),
      );
      expect(checked).toEqual({ isWorkforce: false, shifts: [] });
    });
  });

  describe('rules of a workforce demand', () => {
    it('"the subcategory must have check_in_check_out enabled" (SUBCATEGORY_WITHOUT_CHECK_IN_CHECK_OUT)', () => {
      const error = ruleBroken(demand({ shifts: [SHIFT] }), refs({ mainMission: mainMission({ checkInCheckOut: false }) }));
      expect(error.code).toBe('SUBCATEGORY_WITHOUT_CHECK_IN_CHECK_OUT');
    });

    it('"a workforce demand requires at least one shift" (SHIFTS_REQUIRED)', () => {
      const error = ruleBroken(demand({ shifts: [] }), refs({ mainMission: workforce() }));
      expect(error.code).toBe('SHIFTS_REQUIRED');
      expect(error.message).toBe('A workforce demand requires at least one shift');
    });

    it('"every store must be a workforce store" (STORES_NOT_WORKFORCE), naming the others', () => {
      const stores = [
        { id: 1, isWorkforce: true },
        { id: 2, isWorkforce: false },
        { id: 3, isWorkforce: false },
      ];
      const error = ruleBroken(demand({ shifts: [SHIFT], storesIds: [1, 2, 3] }), refs({ mainMission: workforce(), stores }));
      expect(error.code).toBe('STORES_NOT_WORKFORCE');
      expect(error.message).toMatch(/not a workforce store: 2, 3$/);
      expect(() =>
        checkDemandRules(demand({ shifts: [SHIFT], storesIds: [1] }), refs({ mainMission: workforce(), stores })),
      ).not.toThrow();
    });

    it('"formId is required when the subcategory requires a form" (FORM_REQUIRED)', () => {
      const mission = workforce({ requiresForm: true });
      expect(ruleBroken(demand({ shifts: [SHIFT] }), refs({ mainMission: mission })).code).toBe('FORM_REQUIRED');
      const withForm = checkDemandRules(demand({ shifts: [SHIFT], formId: FORM }), refs({ mainMission: mission, formFound: true }));
      expect(withForm.isWorkforce).toBe(true);
    });

    it('"formId is required" only for a workforce demand: a non-workforce demand of such a subcategory passes without it', () => {
      const mission = mainMission({ checkInCheckOut: false, requiresForm: true });
      expect(checkDemandRules(demand(), refs({ mainMission: mission }))).toEqual({ isWorkforce: false, shifts: [] });
    });

    it('a workforce demand meeting every rule passes, with its parsed shifts', () => {
      const input = demand({ shifts: [SHIFT, '2026-12-02-22:00-06:00-0'], storesIds: [5], formId: FORM });
      const checked = checkDemandRules(
        input,
        refs({ mainMission: workforce({ requiresForm: true }), formFound: true, stores: [{ id: 5, isWorkforce: true }] }),
      );
      expect(checked.isWorkforce).toBe(true);
      expect(checked.shifts.map(String)).toEqual(input.shifts);
    });
  });

  describe('order of checks', () => {
    it('"main mission first": an unknown main mission wins over every other broken rule', () => {
      const input = demand({ formId: FORM, formPdvId: PDV_FORM, storesIds: [99], shifts: [SHIFT] });
      expect(ruleBroken(input, refs({ mainMission: null })).code).toBe('UNKNOWN_MAIN_MISSION');
    });

    it('then form, point-of-sale form and stores, before any workforce rule', () => {
      const input = demand({ formId: FORM, formPdvId: PDV_FORM, storesIds: [99], shifts: [SHIFT] });
      const noSubcategory = mainMission({ checkInCheckOut: false });
      expect(ruleBroken(input, refs({ mainMission: noSubcategory })).code).toBe('UNKNOWN_FORM');
      expect(ruleBroken(input, refs({ mainMission: noSubcategory, formFound: true })).code).toBe('UNKNOWN_PDV_FORM');
      const formsFound = { mainMission: noSubcategory, formFound: true, formPdvFound: true };
      expect(ruleBroken(input, refs(formsFound)).code).toBe('UNKNOWN_STORES');
      expect(ruleBroken(input, refs({ ...formsFound, stores: [{ id: 99, isWorkforce: false }] })).code).toBe(
        'SUBCATEGORY_WITHOUT_CHECK_IN_CHECK_OUT',
      );
    });

    it('within a workforce demand: shifts, then stores, then form', () => {
      const mission = workforce({ requiresForm: true });
      const stores = [{ id: 1, isWorkforce: false }];
      expect(ruleBroken(demand({ storesIds: [1] }), refs({ mainMission: mission, stores })).code).toBe('SHIFTS_REQUIRED');
      expect(ruleBroken(demand({ storesIds: [1], shifts: [SHIFT] }), refs({ mainMission: mission, stores })).code).toBe(
        'STORES_NOT_WORKFORCE',
      );
    });

    it('malformed shifts are a format error (400), not a business rule', () => {
      expect(() => checkDemandRules(demand({ shifts: ['2026-12-01-08:00'] }), refs({ mainMission: null }))).toThrow(
        InvalidShiftError,
      );
    });
  });
});

describe('missionDateOf', () => {
  it('"mission date from scheduledAt" when given', () => {
    const date = missionDateOf(demand({ scheduledAt: '2026-12-01T10:30:00-03:00' }), 'America/Sao_Paulo');
    expect(date.toISOString()).toBe('2026-12-01T13:30:00.000Z');
  });

  it('"else datePicked": the start of that day in the time zone', () => {
    expect(missionDateOf(demand({ datePicked: '2026-12-01' }), 'America/Sao_Paulo').toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(missionDateOf(demand({ datePicked: '2026-12-01' }), 'UTC').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(missionDateOf(demand({ datePicked: '2026-07-15' }), 'Europe/Lisbon').toISOString()).toBe('2026-07-14T23:00:00.000Z');
  });
});
