import { MISSION_STATUSES, MissionStatus, Shift } from '@mwr/domain';
import { planSeedCatalog, type SeedCatalog } from './seed-catalog';
import { SEED_ANCHOR, SEED_COVERAGE_MISSIONS, type SeedChunk, SeedGenerator } from './seed-generator';
import { SeedIds } from './seed-ids';

const { WAITING, STARTED, FINISHED, REJECTED, EXPIRED, INCOMPLETED, WAITING_ESTIMATE, SCHEDULED, SCHEDULED_EXPIRED } = MissionStatus;

// What the database would answer: stores and forms numbered in order.
function catalogFor(ids: SeedIds): SeedCatalog {
  const plan = planSeedCatalog(ids);
  return {
    ...plan,
    stores: plan.stores.map((store, i) => ({ ...store, id: 100 + i })),
    forms: plan.forms.map((form, i) => ({ ...form, id: 10 + i })),
  };
}

function generate(seed: number, missions: number, salt = 'salt', chunkMissions?: number): { catalog: SeedCatalog; all: SeedChunk } {
  const ids = new SeedIds(salt);
  const catalog = catalogFor(ids);
  const generator = new SeedGenerator(catalog, { seed, missions, ids });
  const all: SeedChunk = { demands: [], missions: [], participants: [], registers: [], formsData: [], formsDataAnswers: [], pdvRecords: [], deliveryStops: [] };
  for (let chunk = generator.nextChunk(chunkMissions); chunk; chunk = generator.nextChunk(chunkMissions)) {
    for (const key of Object.keys(all) as (keyof SeedChunk)[]) (all[key] as unknown[]).push(...chunk[key]);
  }
  return { catalog, all };
}

/** The generated content without ids and keys, which belong to the batch rather than the seed. */
function content({ all }: { all: SeedChunk }) {
  return {
    participants: all.participants.map((p) => [p.userName, p.status, p.checkInAt?.toISOString(), p.checkOutAt?.toISOString(), p.createdAt.toISOString()]),
    missions: all.missions.map((m) => [m.missionDate.toISOString(), m.places]),
    registers: all.registers.map((r) => [r.identifier, r.status, r.updatedAt.toISOString()]),
    answers: all.formsDataAnswers.map((a) => [a.position, a.answer]),
  };
}

describe('SeedGenerator', () => {
  const run = generate(1, 400);
  const { all, catalog } = run;

  it('generates exactly the missions asked for, in chunks that never split a demand', () => {
    const ids = new SeedIds('chunks');
    const generator = new SeedGenerator(catalogFor(ids), { seed: 1, missions: 2_500, ids });
    const sizes: number[] = [];
    for (let chunk = generator.nextChunk(1_000); chunk; chunk = generator.nextChunk(1_000)) {
      sizes.push(chunk.missions.length);
      const demands = new Set(chunk.demands.map((d) => d.id));
      expect(chunk.missions.every((m) => demands.has(m.demandId))).toBe(true);
    }
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(2_500);
    expect(sizes.every((size) => size <= 1_002)).toBe(true);
  });

  it('is deterministic: the same seed gives the same content whatever the salt and the chunk size', () => {
    expect(content(generate(1, 400, 'another account', 37))).toEqual(content(run));
    expect(content(generate(2, 400))).not.toEqual(content(run));
  });

  it('keeps the first missions of a longer batch identical (the count only changes the end)', () => {
    const longer = content(generate(1, 600));
    expect(longer.missions.slice(0, 300)).toEqual(content(run).missions.slice(0, 300));
  });

  it(`covers every participant status on workforce missions within the first ${SEED_COVERAGE_MISSIONS} missions`, () => {
    const small = generate(9, SEED_COVERAGE_MISSIONS);
    const workforce = new Set(small.catalog.mainMissions.filter((m) => m.checkInCheckOut).map((m) => m.id));
    const missionMain = new Map(small.all.missions.map((m) => [m.id, m.mainMissionId]));
    const statuses = new Set(small.all.participants.filter((p) => workforce.has(missionMain.get(p.missionId) as string)).map((p) => p.status));
    expect([...statuses].sort((a, b) => a - b)).toEqual([...MISSION_STATUSES]);
    const approvedMains = new Set(
      small.all.registers.filter((r) => r.status === 'APPROVED').map((r) => missionMain.get(r.missionId)),
    );
    expect(approvedMains.size).toBe(16);
    const stopKinds = new Set(small.all.deliveryStops.map((s) => `${s.type}/${s.progress}`));
    expect([...stopKinds].sort()).toEqual(['COLLECTION/1', 'COLLECTION/2', 'DELIVERY/1', 'DELIVERY/2']);
    expect(new Set(small.all.pdvRecords.map((p) => p.status))).toEqual(new Set(['DONE', 'PENDING']));
  });

  it('gives every participant a state its status allows', () => {
    const neverStarted = [WAITING, EXPIRED, WAITING_ESTIMATE, SCHEDULED, SCHEDULED_EXPIRED];
    const checkedOut = [FINISHED, REJECTED, INCOMPLETED];
    for (const p of all.participants) {
      if (neverStarted.includes(p.status)) expect(p.checkInAt).toBeNull();
      if ([STARTED, ...checkedOut].includes(p.status)) expect(p.checkInAt).not.toBeNull();
      expect(p.checkOutAt !== null).toBe(checkedOut.includes(p.status));
      if (p.checkOutAt) expect(p.checkOutAt.getTime()).toBeGreaterThanOrEqual((p.checkInAt as Date).getTime());
      if ([SCHEDULED, SCHEDULED_EXPIRED].includes(p.status)) expect(p.scheduledFor).not.toBeNull();
      if (p.rating !== null) expect([FINISHED, REJECTED]).toContain(p.status);
      expect(p.updatedAt.getTime()).toBeGreaterThanOrEqual(p.createdAt.getTime());
      if (p.checkInAt) expect(p.checkInAt.getTime()).toBeGreaterThan(p.createdAt.getTime());
    }
  });

  it('submits registers only for finished work, never approves rejected work, and stops and answers fall within the visit', () => {
    const byId = new Map(all.participants.map((p) => [p.id, p]));
    for (const register of all.registers) {
      const participant = byId.get(register.missionsUserId);
      expect([FINISHED, REJECTED]).toContain(participant?.status);
      // One decision: a rejected participant's register was reproved, by its review or by the rejection.
      if (participant?.status === REJECTED) expect(register.status).toBe('REPROVED');
      expect(register.missionId).toBe(participant?.missionId);
      expect(register.createdAt.getTime()).toBeGreaterThanOrEqual((participant?.checkOutAt as Date).getTime());
      expect(register.updatedAt.getTime()).toBeGreaterThanOrEqual(register.createdAt.getTime());
    }
    for (const stop of all.deliveryStops) {
      const participant = byId.get(stop.missionsUserId);
      expect(participant?.checkInAt).not.toBeNull();
      expect(stop.startedAt.getTime()).toBeGreaterThanOrEqual((participant?.checkInAt as Date).getTime());
      expect(stop.finishedAt === null).toBe(stop.progress === 1);
      if (stop.finishedAt) expect(stop.finishedAt.getTime()).toBeGreaterThanOrEqual(stop.startedAt.getTime());
      if (participant?.checkOutAt && stop.finishedAt) expect(stop.finishedAt.getTime()).toBeLessThanOrEqual(participant.checkOutAt.getTime());
      if (stop.progress === 1) expect([STARTED, INCOMPLETED, MissionStatus.QUIT, MissionStatus.REMOVED]).toContain(participant?.status);
    }
    const forms = new Map(catalog.forms.map((f) => [f.id, f]));
    for (const data of all.formsData) {
      const positions = all.formsDataAnswers.filter((a) => a.formsDataId === data.id).map((a) => a.position);
      expect(positions).toEqual(forms.get(data.formId)?.questions.map((q) => q.position));
      expect(forms.get(data.formId)?.kind).toBe('FORM');
    }
  });

  it('writes valid shifts, at least one on every workforce demand, and only there', () => {
    const workforce = new Set(catalog.mainMissions.filter((m) => m.checkInCheckOut).map((m) => m.id));
    for (const demand of all.demands) {
      expect(demand.shifts.length > 0).toBe(workforce.has(demand.mainMissionId));
      for (const shift of demand.shifts) expect(Shift.parse(shift).toString()).toBe(shift);
      expect(demand.participants).toBeGreaterThanOrEqual(1);
    }
  });

  it('spreads dates over months before the anchor, some within minutes of midnight in São Paulo', () => {
    const dates = all.missions.map((m) => m.missionDate.getTime());
    expect(Math.max(...dates)).toBeLessThan(SEED_ANCHOR.getTime());
    expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(150 * 86_400_000);
    const latest = Math.max(...all.participants.map((p) => p.updatedAt.getTime()), ...all.registers.map((r) => r.updatedAt.getTime()));
    expect(latest).toBeLessThan(SEED_ANCHOR.getTime());
    const nearMidnight = all.participants.filter((p) => {
      if (!p.checkInAt) return false;
      const minutes = p.checkInAt.getUTCHours() * 60 + p.checkInAt.getUTCMinutes();
      return minutes >= 150 && minutes <= 210;
    });
    expect(nearMidnight.length).toBeGreaterThan(0);
    const instants = [
      ...all.participants.flatMap((p) => [p.createdAt, p.updatedAt, p.checkInAt, p.checkOutAt, p.scheduledFor]),
      ...all.deliveryStops.flatMap((s) => [s.startedAt, s.finishedAt, s.updatedAt]),
      ...all.formsData.map((f) => f.answeredAt),
      ...all.pdvRecords.flatMap((p) => [p.deliveredAt, p.updatedAt]),
    ].filter((instant): instant is Date => instant !== null);
    expect(instants.filter((instant) => instant.getTime() % 1000 !== 0)).toEqual([]);
  });

  it('writes names with accents in mixed case', () => {
    const names = all.participants.map((p) => p.userName);
    expect(names.some((name) => /[ÁÉÍÓÚÂÊÔÃÕÇ]/.test(name))).toBe(true);
    expect(names.some((name) => name === name.toLowerCase() && /[áéíóúâêôãõç]/.test(name))).toBe(true);
    expect(names.some((name) => /^[A-ZÁÉÍÓÚÂÊÔ][a-záéíóúâêôãõç]+ /.test(name))).toBe(true);
  });

  it('refuses a mission count out of bounds', () => {
    const ids = new SeedIds('bounds');
    expect(() => new SeedGenerator(catalogFor(ids), { seed: 1, missions: 0, ids })).toThrow(RangeError);
    expect(() => new SeedGenerator(catalogFor(ids), { seed: 1, missions: 1_000_001, ids })).toThrow(RangeError);
  });
});
