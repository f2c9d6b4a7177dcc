import { inMemoryHarness } from '../../../../testing';
import type { DemandInput } from '../../../model/demand';
import { DemandRuleError } from '../../../model/demand.errors';
import { IdempotencyConflictError } from '../../idempotency.errors';
import type { DomainConfig } from '../../ports/domain-config.port';
import { CreateDemandCommand } from './create-demand.command';
import { CreateDemandHandler } from './create-demand.handler';
import { FixedClock, SequentialKeys } from '../../../../testing/test-doubles';

const NOW = new Date('2026-11-21T13:05:00.000Z');
const SHIFT = '2026-12-01-08:00-17:00-0';
const MINUTE = 60_000;

async function setup() {
  const harness = inMemoryHarness();
  const clock = new FixedClock(NOW);
  const config: DomainConfig = { reportTimeZone: 'America/Sao_Paulo', slaToleranceMinutes: 15 };
  const handler = new CreateDemandHandler(
    harness.demands,
    harness.idempotencyKeys,
    new SequentialKeys(),
    clock,
    config,
  );
  const accountId = await harness.fixtures.account();
  const missionMainId = await harness.fixtures.mainMission(accountId, { checkInCheckOut: false, requiresForm: false });
  const input = (overrides: Partial<DemandInput> = {}): DemandInput => ({
    missionMainId,
    datePicked: '2026-12-01',
    scheduledAt: null,
    participants: 3,
    storesIds: [],
    shifts: [],
    formId: null,
    formPdvId: null,
    customFields: null,
    ...overrides,
  });
  const create = (demand: DemandInput, idempotency: CreateDemandCommand['idempotency'] = null, account = accountId) =>
    handler.execute(new CreateDemandCommand(account, demand, idempotency));
  return { ...harness, clock, accountId, missionMainId, input, create };
}

type Ctx = Awaited<ReturnType<typeof setup>>;

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('CreateDemandHandler', () => {
  describe('effect', () => {
    it('"one mission per store", each with its own MB key, the mission date and participants open places', async () => {
      const { db, fixtures, accountId, input, create } = await setup();
      const storesIds = [await fixtures.store(accountId, false), await fixtures.store(accountId, false)];
      await create(input({ storesIds }));

      expect(db.demands).toHaveLength(1);
      const missionDate = new Date('2026-12-01T03:00:00.000Z');
      expect(db.demands[0].missions).toEqual([
        { id: expect.any(String), mbKey: 'MB-000000000001', storeId: storesIds[0], missionDate, places: 3 },
        { id: expect.any(String), mbKey: 'MB-000000000002', storeId: storesIds[1], missionDate, places: 3 },
      ]);
      const ids = [...db.demands[0].missions.map((m) => m.id), db.demands[0].id];
      expect(new Set(ids).size).toBe(3);
    });

    it('"or one when no store is given", with storeId null', async () => {
      const { db, input, create } = await setup();
      await create(input({ participants: 7 }));
      expect(db.demands[0].missions).toEqual([
        { id: expect.any(String), mbKey: 'MB-000000000001', storeId: null, missionDate: new Date('2026-12-01T03:00:00.000Z'), places: 7 },
      ]);
    });

    it('"the mission date from scheduledAt, else datePicked"', async () => {
      const { db, input, create } = await setup();
      await create(input({ scheduledAt: '2026-12-03T09:15:00-03:00' }));
      expect(db.demands[0].missions[0].missionDate).toEqual(new Date('2026-12-03T12:15:00.000Z'));
    });

    it('"the demand is stored with everything it carried"', async () => {
      const { db, fixtures, accountId, input, create } = await setup();
      const missionMainId = await fixtures.mainMission(accountId, { checkInCheckOut: true, requiresForm: true });
      const demand = input({
        missionMainId,
        scheduledAt: '2026-12-01T08:00:00-03:00',
        participants: 4,
        storesIds: [await fixtures.store(accountId, true)],
        shifts: [SHIFT, '2026-12-02-22:00-06:00-0'],
        formId: await fixtures.form(accountId, 'FORM'),
        formPdvId: await fixtures.form(accountId, 'PDV'),
        customFields: { channel: 'retail', tags: ['a', 'b'] },
      });
      await create(demand, { key: 'key-1', fingerprint: 'fp-1' });

      expect(db.demands).toEqual([
        {
          id: expect.any(String),
          accountId,
          input: demand,
          missions: [expect.objectContaining({ mbKey: 'MB-000000000001', storeId: demand.storesIds[0] })],
          createdAt: NOW,
          idempotencyKey: 'key-1',
        },
      ]);
    });

    it('"a DemandCreated event is published": one demand.created in the outbox, with each mission\'s MB key, date and places', async () => {
      const { db, fixtures, accountId, missionMainId, input, create } = await setup();
      const storesIds = [await fixtures.store(accountId, false), await fixtures.store(accountId, false)];
      const created = await create(input({ storesIds }));

      expect(created).toEqual({ demandId: db.demands[0].id });
      const missionDate = '2026-12-01T03:00:00.000Z';
      expect(db.events).toEqual([
        {
          id: '00000000-0000-7000-8000-000000000001',
          accountId,
          type: 'demand.created',
          occurredAt: NOW,
          data: {
            demandId: db.demands[0].id,
            missionMainId,
            missions: [
              { mbKey: 'MB-000000000001', storeId: storesIds[0], missionDate, places: 3 },
              { mbKey: 'MB-000000000002', storeId: storesIds[1], missionDate, places: 3 },
            ],
          },
          position: 1,
          recordedAt: expect.any(Date),
        },
      ]);
    });
  });

  describe('business rules', () => {
    const UNKNOWN_ID = '99999999-9999-4999-8999-999999999999';
    const brokenRules: [string, DemandRuleError['code'], (ctx: Ctx) => Promise<Partial<DemandInput>>][] = [
      ['missionMainId names a main mission of this account', 'UNKNOWN_MAIN_MISSION', async () => ({ missionMainId: UNKNOWN_ID })],
      [
        'a workforce demand requires at least one shift',
        'SHIFTS_REQUIRED',
        async ({ fixtures, accountId }) => ({
          missionMainId: await fixtures.mainMission(accountId, { checkInCheckOut: true, requiresForm: false }),
        }),
      ],
      [
        'every store must be a workforce store',
        'STORES_NOT_WORKFORCE',
        async ({ fixtures, accountId }) => ({
          missionMainId: await fixtures.mainMission(accountId, { checkInCheckOut: true, requiresForm: false }),
          shifts: [SHIFT],
          storesIds: [await fixtures.store(accountId, false)],
        }),
      ],
    ];

    it.each(brokenRules)('"%s" (%s): nothing stored, no event', async (_rule, code, broken) => {
      const ctx = await setup();
      const error = await rejection(ctx.create(ctx.input(await broken(ctx))));
      expect(error).toBeInstanceOf(DemandRuleError);
      expect(error).toMatchObject({ code });
      expect(ctx.db.demands).toEqual([]);
      expect(ctx.db.events).toEqual([]);
    });

    const foreignIds: [string, DemandRuleError['code'], (ctx: Ctx, other: string) => Promise<Partial<DemandInput>>][] = [
      [
        'main mission',
        'UNKNOWN_MAIN_MISSION',
        async ({ fixtures }, other) => ({
          missionMainId: await fixtures.mainMission(other, { checkInCheckOut: false, requiresForm: false }),
        }),
      ],
      ['form', 'UNKNOWN_FORM', async ({ fixtures }, other) => ({ formId: await fixtures.form(other, 'FORM') })],
      ['point-of-sale form', 'UNKNOWN_PDV_FORM', async ({ fixtures }, other) => ({ formPdvId: await fixtures.form(other, 'PDV') })],
      ['store', 'UNKNOWN_STORES', async ({ fixtures }, other) => ({ storesIds: [await fixtures.store(other, false)] })],
    ];

    it.each(foreignIds)(
      '"an id that belongs to another account behaves exactly like an id that does not exist": a %s (%s)',
      async (_what, code, foreign) => {
        const ctx = await setup();
        const other = await ctx.fixtures.account();
        await expect(ctx.create(ctx.input(await foreign(ctx, other)))).rejects.toMatchObject({ code });
        expect(ctx.db.demands).toEqual([]);
        expect(ctx.db.events).toEqual([]);
      },
    );

    it('a point-of-sale form named as formId is not a form (UNKNOWN_FORM)', async () => {
      const { fixtures, accountId, input, create } = await setup();
      await expect(create(input({ formId: await fixtures.form(accountId, 'PDV') }))).rejects.toMatchObject({ code: 'UNKNOWN_FORM' });
    });
  });

  describe('Idempotency-Key', () => {
    const KEY = { key: 'order-42', fingerprint: 'sha256:aaa' };

    it('"a repeat with the same key and the same body answers again without creating anything", with the same demand, and no event', async () => {
      const { db, input, create, fixtures, accountId } = await setup();
      const first = await create(input(), KEY);
      await expect(create(input(), KEY)).resolves.toEqual(first);

      expect(await fixtures.demandsOf(accountId)).toEqual([{ id: db.demands[0].id, mbKeys: ['MB-000000000001'] }]);
      expect(db.events).toHaveLength(1);
    });

    it('"the same key with a different body" → IdempotencyConflictError IDEMPOTENCY_KEY_REUSED', async () => {
      const { db, input, create } = await setup();
      await create(input(), KEY);
      const error = await rejection(create(input({ participants: 9 }), { ...KEY, fingerprint: 'sha256:bbb' }));

      expect(error).toBeInstanceOf(IdempotencyConflictError);
      expect(error).toMatchObject({ kind: 'conflict', code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(db.demands).toHaveLength(1);
      expect(db.events).toHaveLength(1);
    });

    it('"still in flight" → IdempotencyConflictError IDEMPOTENCY_KEY_IN_FLIGHT', async () => {
      const { db, idempotencyKeys, accountId, input, create } = await setup();
      const window = { now: NOW, abandonedBefore: NOW, expiredBefore: NOW };
      expect(await idempotencyKeys.claim(accountId, KEY.key, KEY.fingerprint, window)).toEqual({ outcome: 'claimed' });

      await expect(create(input(), KEY)).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_FLIGHT' });
      await expect(create(input(), { ...KEY, fingerprint: 'sha256:bbb' })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(db.demands).toEqual([]);
      expect(db.events).toEqual([]);
    });

    it('a claim left in flight for over 5 minutes was abandoned: the key may be used again', async () => {
      const { db, idempotencyKeys, accountId, input, create, clock } = await setup();
      await idempotencyKeys.claim(accountId, KEY.key, KEY.fingerprint, { now: NOW, abandonedBefore: NOW, expiredBefore: NOW });
      clock.current = new Date(NOW.getTime() + 5 * MINUTE);
      await expect(create(input(), KEY)).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_FLIGHT' });
      clock.current = new Date(NOW.getTime() + 5 * MINUTE + 1);
      await create(input(), KEY);
      expect(db.demands).toHaveLength(1);
    });

    it('"within 24 hours": a key completed longer ago counts as never used', async () => {
      const { db, input, create, clock } = await setup();
      await create(input(), KEY);
      clock.current = new Date(NOW.getTime() + 24 * 60 * MINUTE);
      await create(input(), KEY);
      expect(db.demands).toHaveLength(1);
      clock.current = new Date(NOW.getTime() + 24 * 60 * MINUTE + 1);
      await create(input(), KEY);
      expect(db.demands).toHaveLength(2);
      expect(db.events).toHaveLength(2);
    });

    it('when creation fails (a rule error) the key is released, so the same key can be used again', async () => {
      const { db, fixtures, accountId, input, create } = await setup();
      const workforceMain = await fixtures.mainMission(accountId, { checkInCheckOut: true, requiresForm: false });
      const storeId = await fixtures.store(accountId, false);
      const demand = input({ missionMainId: workforceMain, shifts: [SHIFT], storesIds: [storeId] });

      await expect(create(demand, KEY)).rejects.toMatchObject({ code: 'STORES_NOT_WORKFORCE' });
      expect(db.idempotencyKeys.size).toBe(0);

      // The same request again, once the account's data allows it.
      for (const store of db.stores.filter((s) => s.id === storeId)) store.isWorkforce = true;
      await create(demand, KEY);
      expect(db.demands).toHaveLength(1);
      expect(db.events).toHaveLength(1);
    });

    it('when the key cannot be released either (the database went away), the original error is the answer', async () => {
      const { idempotencyKeys, input, create } = await setup();
      jest.spyOn(idempotencyKeys, 'release').mockRejectedValue(new Error('connect ECONNREFUSED'));
      const unknownMain = input({ missionMainId: '99999999-9999-4999-8999-999999999999' });
      await expect(create(unknownMain, KEY)).rejects.toMatchObject({ code: 'UNKNOWN_MAIN_MISSION' });
    });

    it('a released key may also be used with another body', async () => {
      const { db, input, create } = await setup();
      const unknownMain = input({ missionMainId: '99999999-9999-4999-8999-999999999999' });
      await expect(create(unknownMain, KEY)).rejects.toMatchObject({ code: 'UNKNOWN_MAIN_MISSION' });
      await create(input(), { ...KEY, fingerprint: 'sha256:other' });
      expect(db.demands).toHaveLength(1);
    });

    it('keys are scoped by account: another account may use the same key', async () => {
      const { db, fixtures, input, create } = await setup();
      await create(input(), KEY);
      const other = await fixtures.account();
      const otherMain = await fixtures.mainMission(other, { checkInCheckOut: false, requiresForm: false });
      await create(input({ missionMainId: otherMain }), { ...KEY, fingerprint: 'sha256:bbb' }, other);
      expect(db.demands.map((d) => d.accountId)).toEqual([expect.any(String), other]);
    });

    it('without a key, the same request creates a new demand each time', async () => {
      const { db, input, create } = await setup();
      await create(input());
      await create(input());
      expect(db.demands.flatMap((d) => d.missions.map((m) => m.mbKey))).toEqual(['MB-000000000001', 'MB-000000000002']);
      expect(db.events).toHaveLength(2);
    });
  });
});
