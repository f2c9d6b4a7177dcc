import {
  addDays,
  checkDemandRules,
  type DeadlineRules,
  type DemandInput,
  holdsPlace,
  MissionStatus,
  Participant,
  planMissions,
  type ParticipantState,
  Register,
  type RegisterStatus,
  Shift,
  startOfZonedDay,
} from '@mwr/domain';
import { Prng } from './prng';
import { FLAG_COMBINATIONS, type SeedCatalog, type SeedMainMission, type SeedQuestion } from './seed-catalog';
import type { SeedIds } from './seed-ids';
import {
  CAMPAIGNS,
  FIRST_NAMES,
  NAME_PARTICLES,
  PDV_OBSERVATIONS,
  RATING_MESSAGES,
  REQUESTS,
  SURNAMES,
  TEXT_ANSWERS,
} from './seed-vocabulary';

/** Every generated instant lies in the half year before this one, whenever the seed runs. */
export const SEED_ANCHOR = new Date('2026-11-01T00:00:00.000Z');
const ANCHOR_DAY = '2026-11-01';
// Missions happen 7 to 190 days before the anchor: the latest follow-up (a review days after a
// night shift) still lands before it.
const NEWEST_DAYS_BEFORE = 7;
const OLDEST_DAYS_BEFORE = 190;
const RECENT_DAYS_BEFORE = 20;

export const SEED_MAX_MISSIONS = 1_000_000;
export const SEED_CHUNK_MISSIONS = 1_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const {
  WAITING,
  STARTED,
  FINISHED,
  REJECTED,
  EXPIRED,
  REMOVED,
  QUIT,
  INCOMPLETED,
  WAITING_ESTIMATE,
  SCHEDULED,
  SCHEDULED_EXPIRED,
} = MissionStatus;

export type StopType = 'COLLECTION' | 'DELIVERY';
export type PdvStatus = 'PENDING' | 'DONE';

export interface SeedDemandRow {
  id: string;
  mainMissionId: string;
  datePicked: string;
  scheduledAt: Date | null;
  participants: number;
  storesIds: number[];
  shifts: string[];
  formId: string | null;
  formPdvId: string | null;
  customFields: Record<string, unknown> | null;
  createdAt: Date;
}

export interface SeedMissionRow {
  id: string;
  demandId: string;
  mainMissionId: string;
  storeId: number | null;
  mbKey: string;
  missionDate: Date;
  places: number;
  createdAt: Date;
}

export interface SeedParticipantRow extends ParticipantState {
  createdAt: Date;
  updatedAt: Date;
}

export interface SeedRegisterRow {
  id: string;
  missionsUserId: string;
  missionId: string;
  identifier: string;
  status: RegisterStatus;
  createdAt: Date;
  updatedAt: Date;
}

export interface SeedFormsDataRow {
  id: string;
  registerId: string;
  missionsUserId: string;
  formId: number;
  identifier: string;
  answeredAt: Date;
}

export interface SeedAnswerRow {
  id: string;
  formsDataId: string;
  position: number;
  question: string;
  answer: string;
}

export interface SeedPdvRow {
  id: string;
  registerId: string;
  importProductsId: string;
  status: PdvStatus;
  deliveredAt: Date | null;
  data: Record<string, unknown>;
  updatedAt: Date;
}

export interface SeedStopRow {
  id: string;
  missionsUserId: string;
  deliveryPlaceId: string;
  type: StopType;
  progress: 1 | 2;
  identifier: string;
  startedAt: Date;
  finishedAt: Date | null;
  updatedAt: Date;
}

/** The rows of about SEED_CHUNK_MISSIONS missions; every reference points into the chunk or the catalog. */
export interface SeedChunk {
  demands: SeedDemandRow[];
  missions: SeedMissionRow[];
  participants: SeedParticipantRow[];
  registers: SeedRegisterRow[];
  formsData: SeedFormsDataRow[];
  formsDataAnswers: SeedAnswerRow[];
  pdvRecords: SeedPdvRow[];
  deliveryStops: SeedStopRow[];
}

/** What the first missions of every batch must show, so that even a small batch covers every case. */
interface Coverage {
  /** index into the catalog's main missions (the flag bits) */
  main: number;
  status: MissionStatus;
  register?: RegisterStatus;
  stops?: readonly (readonly [StopType, 1 | 2])[];
  pdv?: readonly PdvStatus[];
}

const CHECK_IN_CHECK_OUT_MAINS = [4, 5, 6, 7, 12, 13, 14, 15];

// Every register status on every flag combination (the register listing and its blocks), then
// every participant status on workforce missions (the workforce listing), with both kinds of stop
// in both progress states and point-of-sale entries in both statuses.
const COVERAGE: readonly Coverage[] = [
  ...(['APPROVED', 'PENDING', 'REPROVED'] as const).flatMap((register) =>
    Array.from({ length: FLAG_COMBINATIONS }, (_, main): Coverage => ({
      main,
      status: FINISHED,
      register,
      stops: [
        ['COLLECTION', 2],
        ['DELIVERY', 2],
      ],
      pdv: ['DONE', 'PENDING'],
    })),
  ),
  ...[WAITING, EXPIRED, REMOVED, QUIT, WAITING_ESTIMATE, SCHEDULED, SCHEDULED_EXPIRED].map(
    (status, i): Coverage => ({ main: CHECK_IN_CHECK_OUT_MAINS[i % CHECK_IN_CHECK_OUT_MAINS.length], status }),
  ),
  { main: 13, status: REJECTED, register: 'REPROVED' },
  {
    main: 12,
    status: STARTED,
    stops: [
      ['COLLECTION', 2],
      ['DELIVERY', 1],
    ],
  },
  {
    main: 14,
    status: INCOMPLETED,
    stops: [
      ['DELIVERY', 2],
      ['COLLECTION', 1],
    ],
  },
];

/** A batch of at least this many missions holds every status, flag combination and kind of row. */
export const SEED_COVERAGE_MISSIONS = COVERAGE.length;

// Open states are rare on old missions: by then nearly everyone has finished or dropped out.
const RECENT_STATUS_WEIGHTS: readonly (readonly [MissionStatus, number])[] = [
  [WAITING, 10],
  [STARTED, 6],
  [FINISHED, 30],
  [REJECTED, 4],
  [EXPIRED, 4],
  [REMOVED, 4],
  [QUIT, 5],
  [INCOMPLETED, 5],
  [WAITING_ESTIMATE, 6],
  [SCHEDULED, 10],
  [SCHEDULED_EXPIRED, 3],
];
const OLD_STATUS_WEIGHTS: readonly (readonly [MissionStatus, number])[] = [
  [WAITING, 1],
  [STARTED, 1],
  [FINISHED, 55],
  [REJECTED, 6],
  [EXPIRED, 7],
  [REMOVED, 4],
  [QUIT, 6],
  [INCOMPLETED, 6],
  [WAITING_ESTIMATE, 1],
  [SCHEDULED, 1],
  [SCHEDULED_EXPIRED, 4],
];

// Night shifts on purpose: their check-ins fall within minutes of local midnight.
const SHIFT_TEMPLATES = [
  ['08:00', '17:00'],
  ['07:00', '15:00'],
  ['09:00', '18:00'],
  ['10:00', '19:00'],
  ['14:00', '22:00'],
  ['22:00', '06:00'],
  ['23:30', '07:30'],
  ['00:00', '08:00'],
] as const;

export interface SeedGeneratorOptions {
  seed: number;
  missions: number;
  ids: SeedIds;
  timeZone?: string;
  slaToleranceMinutes?: number;
}

interface MissionContext {
  main: SeedMainMission;
  demand: SeedDemandRow;
  mission: SeedMissionRow;
  day: string;
  daysBefore: number;
  /** Places its participants hold so far, as `holdsPlace` counts them. */
  taken: number;
}

type Verb = 'quit' | 'remove';

/**
 * Turns a seed into rows, chunk by chunk. Names, dates and statuses come from one PRNG stream
 * consumed in a fixed order, so they depend only on the seed (and, at the very end, on the number
 * of missions); ids and keys come from `ids`. Every participant's row is the state a `Participant`
 * reached through the domain's verbs, and every register one `Register.submit` produced, so the
 * rows obey the state machine by construction.
 */
export class SeedGenerator {
  private readonly prng: Prng;
  private readonly ids: SeedIds;
  private readonly total: number;
  private readonly timeZone: string;
  private readonly slaToleranceMinutes: number;
  private readonly rules: DeadlineRules;
  private readonly workforceStores: SeedCatalog['stores'];
  private readonly formForms: SeedCatalog['forms'];
  private readonly pdvForms: SeedCatalog['forms'];
  private readonly dayStarts = new Map<string, number>();
  private readonly shiftTimes = new Map<string, { start: Date; end: Date }>();
  private produced = 0;
  private registerCount = 0;

  constructor(
    private readonly catalog: SeedCatalog,
    options: SeedGeneratorOptions,
  ) {
    if (!Number.isSafeInteger(options.missions) || options.missions < 1 || options.missions > SEED_MAX_MISSIONS) {
      throw new RangeError(`missions must be an integer 1..${SEED_MAX_MISSIONS}, got ${options.missions}`);
    }
    if (catalog.mainMissions.length !== FLAG_COMBINATIONS) throw new RangeError('the catalog needs one main mission per flag combination');
    this.prng = new Prng(options.seed);
    this.ids = options.ids;
    this.total = options.missions;
    this.timeZone = options.timeZone ?? 'America/Sao_Paulo';
    this.slaToleranceMinutes = options.slaToleranceMinutes ?? 15;
    this.rules = { timeZone: this.timeZone, slaToleranceMinutes: this.slaToleranceMinutes };
    this.workforceStores = catalog.stores.filter((store) => store.isWorkforce);
    this.formForms = catalog.forms.filter((form) => form.kind === 'FORM');
    this.pdvForms = catalog.forms.filter((form) => form.kind === 'PDV');
  }

  get missionsGenerated(): number {
    return this.produced;
  }

  /** The next chunk, or null when every mission was generated. A demand never straddles two chunks. */
  nextChunk(maxMissions = SEED_CHUNK_MISSIONS): SeedChunk | null {
    if (this.produced >= this.total) return null;
    const chunk: SeedChunk = {
      demands: [],
      missions: [],
      participants: [],
      registers: [],
      formsData: [],
      formsDataAnswers: [],
      pdvRecords: [],
      deliveryStops: [],
    };
    while (chunk.missions.length < maxMissions && this.produced < this.total) this.demand(chunk);
    return chunk;
  }

  private demand(chunk: SeedChunk): void {
    const { prng } = this;
    const coverage = this.produced < COVERAGE.length ? COVERAGE[this.produced] : null;
    const main = this.catalog.mainMissions[coverage ? coverage.main : prng.int(0, FLAG_COMBINATIONS - 1)];
    const daysBefore = prng.int(NEWEST_DAYS_BEFORE, OLDEST_DAYS_BEFORE);
    const day = addDays(ANCHOR_DAY, -daysBefore);
    const workforce = main.checkInCheckOut;

    // One mission per store; a coverage mission stands alone so the plan stays one-to-one.
    const wanted = coverage ? 1 : prng.weighted<number>([[1, 60], [2, 25], [3, 15]]);
    const storeCount = Math.min(wanted, this.total - this.produced);
    const stores = prng.chance(0.1) ? [] : prng.sample(workforce ? this.workforceStores : this.catalog.stores, storeCount);
    const shifts = workforce ? this.shiftsOn(day) : [];
    const scheduledAt = !workforce && prng.chance(0.4) ? this.localTime(day, this.visitMinutes(false)) : null;
    const places = prng.weighted<number>([[1, 40], [2, 30], [3, 20], [4, 10]]);
    const customFields = prng.chance(0.5)
      ? { fields: [{ field: 'campanha', value: prng.pick(CAMPAIGNS) }, { field: 'centro_de_custo', value: `CC-${prng.int(100, 999)}` }] }
      : null;
    const demand: SeedDemandRow = {
      id: this.ids.uuid(),
      mainMissionId: main.id,
      datePicked: day,
      scheduledAt,
      participants: places,
      storesIds: stores.map((store) => store.id),
      shifts,
      formId: main.hasForms ? prng.pick(this.formForms).uuid : null,
      formPdvId: main.hasPos ? prng.pick(this.pdvForms).uuid : null,
      customFields,
      createdAt: new Date(this.dayStart(day) - prng.int(1, 20) * DAY - prng.int(0, 1439) * MINUTE),
    };
    const input = this.checkDemand(demand, main, stores);
    chunk.demands.push(demand);

    // The missions the service would create for this demand.
    const planned = planMissions(input, this.timeZone, () => ({ id: this.ids.uuid(), mbKey: this.ids.mbKey() }));
    for (const { id, mbKey, storeId, missionDate } of planned) {
      const mission: SeedMissionRow = { id, demandId: demand.id, mainMissionId: main.id, storeId, mbKey, missionDate, places, createdAt: demand.createdAt };
      chunk.missions.push(mission);
      this.produced += 1;
      const context: MissionContext = { main, demand, mission, day, daysBefore, taken: 0 };
      // Some places stay open; a buffer participant stands beside the others.
      const open = coverage ? 0 : prng.chance(0.15) ? prng.int(1, places) : 0;
      const regular = places - open;
      const people = regular + (prng.chance(0.08) ? 1 : 0);
      for (let i = 0; i < people; i += 1) this.participant(context, i >= regular, i === 0 ? coverage : null, chunk);
    }
  }

  /** A generated demand that the domain would refuse is a bug of the generator, not data. */
  private checkDemand(demand: SeedDemandRow, main: SeedMainMission, stores: SeedCatalog['stores']): DemandInput {
    const input: DemandInput = {
      missionMainId: demand.mainMissionId,
      datePicked: demand.datePicked,
      scheduledAt: demand.scheduledAt?.toISOString() ?? null,
      participants: demand.participants,
      storesIds: demand.storesIds,
      shifts: demand.shifts,
      formId: demand.formId,
      formPdvId: demand.formPdvId,
      customFields: demand.customFields,
    };
    checkDemandRules(input, {
      mainMission: { id: main.id, checkInCheckOut: main.checkInCheckOut, requiresForm: main.requiresForm },
      formFound: true,
      formPdvFound: true,
      stores: stores.map((store) => ({ id: store.id, isWorkforce: store.isWorkforce })),
    });
    return input;
  }

  private shiftsOn(day: string): string[] {
    const count = this.prng.weighted<number>([[1, 60], [2, 30], [3, 10]]);
    return this.prng.sample(SHIFT_TEMPLATES, count).map(([start, end], index) => `${day}-${start}-${end}-${index}`);
  }

  private participant(context: MissionContext, isBuffer: boolean, coverage: Coverage | null, chunk: SeedChunk): void {
    const { prng } = this;
    const { demand, mission } = context;
    const target = coverage?.status ?? prng.weighted(context.daysBefore <= RECENT_DAYS_BEFORE ? RECENT_STATUS_WEIGHTS : OLD_STATUS_WEIGHTS);
    const shiftText = demand.shifts.length > 0 ? prng.pick(demand.shifts) : null;
    const shift = shiftText === null ? null : this.shiftTimesOf(shiftText);
    const needsEstimate = target === WAITING_ESTIMATE || prng.chance(0.2);
    const leaving = target === QUIT || target === REMOVED;
    const leaveFrom = leaving
      ? prng.weighted<MissionStatus>([
          [WAITING_ESTIMATE, needsEstimate ? 2 : 0],
          [WAITING, 3],
          [SCHEDULED, 2],
          [STARTED, 3],
        ])
      : null;
    const checksIn = [STARTED, FINISHED, REJECTED, INCOMPLETED].includes(target) || leaveFrom === STARTED;
    const schedules =
      target === SCHEDULED ||
      target === SCHEDULED_EXPIRED ||
      leaveFrom === SCHEDULED ||
      (checksIn && prng.chance(demand.scheduledAt ? 0.7 : 0.25));
    const visit = demand.scheduledAt ?? this.localTime(context.day, this.visitMinutes(true));
    const scheduledFor = schedules ? (shift?.start ?? visit) : null;
    const reference = (shift?.start ?? scheduledFor ?? visit).getTime();

    const userName = this.userName();
    const createdAt = this.between(demand.createdAt.getTime() + 5 * MINUTE, reference - 3 * HOUR);
    const participant = Participant.accept(
      {
        id: this.ids.uuid(),
        muKey: this.ids.muKey(),
        mission: { missionId: mission.id, mbKey: mission.mbKey, places: mission.places, taken: context.taken, missionDate: mission.missionDate, shifts: demand.shifts },
        userName,
        isBuffer,
        needsEstimate,
        shift: shiftText,
      },
      { now: new Date(createdAt), timeZone: this.timeZone },
    );
    let clock = createdAt;
    let lastChange = createdAt;
    const at = (instant: number) => {
      clock = Math.max(clock, instant);
      lastChange = Math.max(lastChange, instant);
      return new Date(instant);
    };
    const stepBefore = (limit: number) => at(this.between(clock + MINUTE, limit));
    const leave = (verb: Verb, instant: number) => {
      at(instant);
      participant[verb]();
    };
    const leaveVerb: Verb = target === QUIT ? 'quit' : 'remove';
    if (prng.chance(0.12)) participant.addRequest(prng.pick(REQUESTS));

    let checkInAt: number | null = null;
    let checkOutAt: number | null = null;
    let leftAt: number | null = null;
    const finish = () => {
      if (holdsPlace(participant.state)) context.taken += 1;
      chunk.participants.push({ ...participant.state, createdAt: new Date(createdAt), updatedAt: new Date(lastChange) });
      this.stopsOf(context, participant.state, coverage, checkInAt, checkOutAt ?? leftAt, chunk);
    };

    if (target === WAITING_ESTIMATE) return finish();
    if (leaveFrom === WAITING_ESTIMATE) {
      leave(leaveVerb, this.between(clock + MINUTE, reference));
      return finish();
    }
    // Scheduling may settle the estimate by itself: the machine allows WAITING_ESTIMATE → SCHEDULED.
    if (needsEstimate && !(schedules && prng.chance(0.5))) {
      stepBefore(reference - 2 * HOUR);
      participant.approveEstimate();
    }
    if (target === WAITING) return finish();
    if (leaveFrom === WAITING) {
      leave(leaveVerb, this.between(clock + MINUTE, reference));
      return finish();
    }
    if (target === EXPIRED) {
      participant.expire(at(this.dueAt(participant) + prng.int(60, 600) * MINUTE), this.rules);
      return finish();
    }
    if (scheduledFor) {
      stepBefore(scheduledFor.getTime() - HOUR);
      participant.schedule(scheduledFor);
    }
    if (target === SCHEDULED) return finish();
    if (leaveFrom === SCHEDULED) {
      leave(leaveVerb, this.between(clock + MINUTE, reference));
      return finish();
    }
    if (target === SCHEDULED_EXPIRED) {
      participant.expire(at(this.dueAt(participant) + prng.int(60, 720) * MINUTE), this.rules);
      return finish();
    }

    // Early, on time, or late beyond the SLA tolerance: the domain decides which one is_sla records.
    const lateness = prng.weighted<readonly [number, number]>([
      [[-20, 0], 40],
      [[1, 15], 35],
      [[16, 90], 25],
    ]);
    checkInAt = Math.max(reference + prng.int(lateness[0], lateness[1]) * MINUTE + prng.int(0, 59) * 1000, clock + MINUTE);
    participant.checkIn({
      at: at(checkInAt),
      tokenInput: prng.chance(0.5) ? String(prng.int(100_000, 999_999)) : null,
      slaToleranceMinutes: this.slaToleranceMinutes,
    });
    if (target === STARTED) return finish();
    if (leaveFrom === STARTED) {
      leftAt = checkInAt + prng.int(15, 240) * MINUTE;
      leave(leaveVerb, leftAt);
      return finish();
    }

    const planned = shift ? shift.end.getTime() - shift.start.getTime() + prng.int(-40, 30) * MINUTE : prng.int(45, 480) * MINUTE;
    const worked = target === INCOMPLETED ? planned * (0.2 + 0.6 * prng.float()) : planned;
    checkOutAt = checkInAt + Math.max(5 * MINUTE, Math.floor(worked / 1000) * 1000);
    participant.checkOut({ at: at(checkOutAt), complete: target !== INCOMPLETED });
    if (target === INCOMPLETED) return finish();

    if (prng.chance(0.55)) {
      at(checkOutAt + prng.int(30, 2880) * MINUTE);
      const stars = prng.weighted<number>([[5, 45], [4, 30], [3, 13], [2, 7], [1, 5]]);
      participant.rate(stars, prng.pick(RATING_MESSAGES));
    }
    const submits = coverage?.register !== undefined || prng.chance(target === FINISHED ? 0.92 : 0.85);
    const submitted = submits ? this.register(context, participant, coverage, checkInAt, checkOutAt, target === REJECTED, chunk) : null;
    // A register is only ever submitted for finished work; rejecting the participant comes after,
    // and reproves the register if it was still pending.
    if (target === REJECTED) {
      at(submitted?.row.updatedAt.getTime() ?? checkOutAt + prng.int(60, 2880) * MINUTE);
      participant.reject(submitted?.register ?? null);
      if (submitted) submitted.row.status = submitted.register.state.status;
    }
    finish();
  }

  /**
   * Submits the participant's work and reviews it, unless the review is the participant's rejection
   * (which reproves it, at the row's `updatedAt`).
   */
  private register(
    context: MissionContext,
    participant: Participant,
    coverage: Coverage | null,
    checkInAt: number,
    checkOutAt: number,
    rejected: boolean,
    chunk: SeedChunk,
  ): { register: Register; row: SeedRegisterRow } {
    const { prng } = this;
    const { main, demand, mission } = context;
    this.registerCount += 1;
    const identifier = `REG-${context.day.replaceAll('-', '')}-${String(this.registerCount).padStart(6, '0')}`;
    const register = Register.submit({
      id: this.ids.uuid(),
      missionsUserId: participant.state.id,
      identifier,
      participantStatus: participant.state.status,
    });
    const outcome =
      coverage?.register ??
      (rejected
        ? prng.weighted<RegisterStatus>([['REPROVED', 85], ['PENDING', 15]])
        : prng.weighted<RegisterStatus>([['APPROVED', 70], ['PENDING', 15], ['REPROVED', 15]]));
    if (outcome === 'APPROVED') register.approve(participant);
    if (outcome === 'REPROVED') register.reprove();
    const createdAt = checkOutAt + prng.int(5, 240) * MINUTE;
    const reviewedAt = outcome === 'PENDING' && !rejected ? createdAt : createdAt + prng.int(60, 4 * 1440) * MINUTE;
    const state = register.state;
    const row: SeedRegisterRow = {
      id: state.id,
      missionsUserId: state.missionsUserId,
      missionId: mission.id,
      identifier: state.identifier,
      status: state.status,
      createdAt: new Date(createdAt),
      updatedAt: new Date(reviewedAt),
    };
    chunk.registers.push(row);

    if (main.hasForms) {
      const primary = this.formForms.find((form) => form.uuid === demand.formId) ?? this.formForms[0];
      const others = this.formForms.filter((form) => form !== primary);
      for (const form of prng.chance(0.25) ? [primary, prng.pick(others)] : [primary]) {
        const formsData: SeedFormsDataRow = {
          id: this.ids.uuid(),
          registerId: state.id,
          missionsUserId: state.missionsUserId,
          formId: form.id,
          identifier,
          answeredAt: new Date(this.between(checkInAt, checkOutAt)),
        };
        chunk.formsData.push(formsData);
        for (const question of form.questions) {
          chunk.formsDataAnswers.push({
            id: this.ids.uuid(),
            formsDataId: formsData.id,
            position: question.position,
            question: question.question,
            answer: this.answer(question),
          });
        }
      }
    }

    if (main.hasPos) {
      const statuses =
        coverage?.pdv ?? Array.from({ length: prng.int(1, 4) }, () => prng.weighted<PdvStatus>([['DONE', 75], ['PENDING', 25]]));
      const products = prng.sample(this.catalog.products, statuses.length);
      statuses.forEach((status, i) => {
        const deliveredAt = status === 'DONE' ? this.between(checkInAt, checkOutAt) : null;
        chunk.pdvRecords.push({
          id: this.ids.uuid(),
          registerId: state.id,
          importProductsId: products[i].id,
          status,
          deliveredAt: deliveredAt === null ? null : new Date(deliveredAt),
          data: {
            quantidade: prng.int(1, 48),
            preco: prng.int(199, 4999) / 100,
            frentes: prng.int(1, 6),
            ruptura: prng.chance(0.1),
            validade: addDays(context.day, prng.int(10, 240)),
            exposicao: prng.pick(PDV_OBSERVATIONS),
          },
          updatedAt: new Date(deliveredAt === null ? this.between(checkInAt, checkOutAt) : deliveredAt + prng.int(0, 120) * MINUTE),
        });
      });
    }
    return { register, row };
  }

  /**
   * Stops happen between check-in and the end of the visit (check-out, or leaving); a stop is left
   * open only by someone who did not complete the visit.
   */
  private stopsOf(
    context: MissionContext,
    state: Readonly<ParticipantState>,
    coverage: Coverage | null,
    checkInAt: number | null,
    endedAt: number | null,
    chunk: SeedChunk,
  ): void {
    if (!context.main.hasDeliveryPlaces || checkInAt === null) return;
    const { prng } = this;
    const end = endedAt ?? checkInAt + prng.int(60, 300) * MINUTE;
    const unfinished = [STARTED, INCOMPLETED, QUIT, REMOVED].includes(state.status);
    let plan = coverage?.stops;
    if (!plan) {
      const count = prng.int(1, 4);
      const first: StopType = prng.chance(0.7) ? 'COLLECTION' : 'DELIVERY';
      const leftOpen = state.status === STARTED || (unfinished && prng.chance(0.6));
      plan = Array.from({ length: count }, (_, i) => [
        (i % 2 === 0) === (first === 'COLLECTION') ? 'COLLECTION' : 'DELIVERY',
        leftOpen && i === count - 1 ? 1 : 2,
      ]);
    }
    const slot = (end - checkInAt) / plan.length;
    const seconds = (ms: number) => Math.floor(ms / 1000) * 1000;
    plan.forEach(([type, progress], i) => {
      const startedAt = checkInAt + seconds(slot * (i + 0.3 * prng.float()));
      const finishedAt = progress === 2 ? startedAt + seconds(slot * (0.3 + 0.35 * prng.float())) : null;
      chunk.deliveryStops.push({
        id: this.ids.uuid(),
        missionsUserId: state.id,
        deliveryPlaceId: prng.pick(this.catalog.deliveryPlaces).id,
        type,
        progress,
        identifier: `NF-e ${prng.int(100_000, 999_999)}`,
        startedAt: new Date(startedAt),
        finishedAt: finishedAt === null ? null : new Date(finishedAt),
        updatedAt: new Date(finishedAt ?? startedAt),
      });
    });
  }

  private answer(question: SeedQuestion): string {
    const { prng } = this;
    switch (question.kind) {
      case 'yesno':
        return prng.chance(0.7) ? 'Sim' : 'Não';
      case 'count':
        return String(prng.int(0, 40));
      case 'price':
        return `R$ ${prng.int(2, 60)},${String(prng.int(0, 99)).padStart(2, '0')}`;
      case 'text':
        return prng.pick(TEXT_ANSWERS);
    }
  }

  /** Mostly "Title Case", sometimes shouted or all lower case, as people type their own names. */
  private userName(): string {
    const { prng } = this;
    const first = prng.pick(FIRST_NAMES);
    const particle = prng.chance(0.3) ? `${prng.pick(NAME_PARTICLES)} ` : '';
    const last = prng.chance(0.2) ? `${prng.pick(SURNAMES)} ${prng.pick(SURNAMES)}` : prng.pick(SURNAMES);
    const name = `${first} ${particle}${last}`;
    switch (prng.weighted<string>([['title', 75], ['loud-first', 10], ['lower', 10], ['upper', 5]])) {
      case 'loud-first':
        return `${first.toUpperCase()} ${particle}${last}`;
      case 'lower':
        return name.toLowerCase();
      case 'upper':
        return name.toUpperCase();
      default:
        return name;
    }
  }

  /**
   * Minutes from local midnight of a visit: daytime mostly, sometimes within half an hour of
   * midnight, on either side of it unless the visit must stay on its own day (a demand's scheduled time).
   */
  private visitMinutes(eveBefore: boolean): number {
    return this.prng.chance(0.1) ? this.prng.int(eveBefore ? -30 : 0, 30) : this.prng.int(7 * 60, 19 * 60);
  }

  /**
   * Minutes after local midnight, counted in elapsed time: exact wall-clock time in zones without
   * daylight saving (America/Sao_Paulo has none since 2019), a valid instant everywhere.
   */
  private localTime(day: string, minutes: number): Date {
    return new Date(this.dayStart(day) + minutes * MINUTE);
  }

  // Each zoned conversion formats several instants; a half year has only ~190 distinct days.
  private dayStart(day: string): number {
    let start = this.dayStarts.get(day);
    if (start === undefined) {
      start = startOfZonedDay(day, this.timeZone).getTime();
      this.dayStarts.set(day, start);
    }
    return start;
  }

  private shiftTimesOf(text: string): { start: Date; end: Date } {
    const key = text.slice(0, text.lastIndexOf('-'));
    let times = this.shiftTimes.get(key);
    if (!times) {
      const shift = Shift.parse(text);
      times = { start: shift.startsAt(this.timeZone), end: shift.endsAt(this.timeZone) };
      this.shiftTimes.set(key, times);
    }
    return times;
  }

  /** The first whole second at which the domain lets the participant expire. */
  private dueAt(participant: Participant): number {
    const deadline = participant.expiresAt(this.rules);
    if (deadline === null) throw new Error(`a ${participant.state.status} participant does not expire`);
    return Math.ceil(deadline.getTime() / 1000) * 1000;
  }

  /** A whole second in [from, to); `from` when the interval is empty. */
  private between(from: number, to: number): number {
    if (to <= from) return from;
    return from + Math.floor((this.prng.float() * (to - from)) / 1000) * 1000;
  }
}
