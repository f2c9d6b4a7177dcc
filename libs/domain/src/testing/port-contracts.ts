import { randomUUID } from 'node:crypto';
import { NotFoundError } from '../lib/application/not-found.errors';
import { UNKNOWN_CLIENT_HASH } from '../lib/application/credentials/secret-hasher';
import type { ClientAccountRepository } from '../lib/application/ports/client-accounts.port';
import type { DemandRepository, NewDemand } from '../lib/application/ports/demand-repository.port';
import type { ClaimWindow, IdempotencyKeys } from '../lib/application/ports/idempotency-keys.port';
import type { DomainEvent } from '../lib/application/events/domain-event';
import type { FieldWorkRepository } from '../lib/application/ports/field-work-repository.port';
import type { ParticipantRepository } from '../lib/application/ports/participant-repository.port';
import type { WebhookRepository } from '../lib/application/ports/webhook-repository.port';
import type { DemandReadModel } from '../lib/application/queries/get-demand/demand.read-model.port';
import type { EventFeed } from '../lib/application/queries/list-events/event-feed.read-model.port';
import type { DemandInput } from '../lib/model/demand';
import type { MissionPlaces } from '../lib/model/mission-places';
import { MissionStatus } from '../lib/model/mission-status';
import { InvalidTransitionError } from '../lib/model/mission-status.errors';
import { expiryCutoffs, Participant } from '../lib/model/participant';
import { ExpiryNotDueError } from '../lib/model/participant.errors';
import { startOfZonedDay } from '../lib/model/zoned-time';
import {
  Register,
  RegisterAlreadyReviewedError,
  RegisterAlreadySubmittedError,
  WorkApprovedError,
  WorkNotFinishedError,
} from '../lib/model/register';
import { aDemandInput } from './object-mothers';

/** What a contract suite needs of an adapter family: the ports, and a way to arrange and read rows. */
export interface PersistenceHarness {
  accounts: ClientAccountRepository;
  demands: DemandRepository;
  idempotencyKeys: IdempotencyKeys;
  participants: ParticipantRepository;
  fieldWork: FieldWorkRepository;
  eventFeed: EventFeed;
  webhooks: WebhookRepository;
  demandReads: DemandReadModel;
  fixtures: {
    account(): Promise<string>;
    mainMission(accountId: string, subcategory: { checkInCheckOut: boolean; requiresForm: boolean }): Promise<string>;
    store(accountId: string, isWorkforce: boolean): Promise<number>;
    form(accountId: string, kind: 'FORM' | 'PDV'): Promise<string>;
    /** Stored demands of the account with their missions' MB keys. */
    demandsOf(accountId: string): Promise<{ id: string; mbKeys: string[] }[]>;
    /** A PENDING point-of-sale record of the participant's register (made PENDING when missing), for a product of that name. */
    pdvRecord(accountId: string, muKey: string, product: string): Promise<string>;
    /** A started DELIVERY stop of the participant, at a place named `Depot`, identifier `STOP-1`. */
    stop(accountId: string, muKey: string, startedAt: Date): Promise<string>;
    /** The account's events as stored, in the order the outbox numbered them. */
    eventsOf(accountId: string): Promise<DomainEvent[]>;
  };
}

const key = () => `MB-${randomUUID().slice(0, 12).toUpperCase()}`;

const demandInput = (missionMainId: string, overrides: Partial<DemandInput> = {}) => aDemandInput({ missionMainId, ...overrides });

export function newDemand(accountId: string, input: DemandInput, missions = 1, idempotencyKey: string | null = null): NewDemand {
  return {
    id: randomUUID(),
    accountId,
    input,
    createdAt: new Date('2026-11-21T10:00:00Z'),
    idempotencyKey,
    events: [],
    missions: Array.from({ length: missions }, (_, i) => ({
      id: randomUUID(),
      mbKey: key(),
      storeId: input.storesIds[i] ?? null,
      missionDate: new Date('2026-12-01T03:00:00Z'),
      places: input.participants,
    })),
  };
}

/** The missions of `newDemand` are on 2026-12-01 in São Paulo; places are taken days before. */
/** A time before every mission day the contracts plan, in their zone: places may still be taken. */
export const BEFORE_THE_DAY = { now: new Date('2026-11-21T10:00:00Z'), timeZone: 'America/Sao_Paulo' };

const window = (now: Date): ClaimWindow => ({
  now,
  abandonedBefore: new Date(now.getTime() - 60_000),
  expiredBefore: new Date(now.getTime() - 86_400_000),
});

/** The behaviour every persistence adapter family must show, run against the fakes and PostgreSQL. */
export function describePersistenceContract(name: string, harness: () => PersistenceHarness): void {
  describe(`${name}: persistence port contract`, () => {
    describe('ClientAccountRepository', () => {
      it('finds an active account with its stored hash, and no longer once revoked', async () => {
        const { accounts } = harness();
        const clientId = `cl_${randomUUID()}`;
        await accounts.create({ id: randomUUID(), clientId, name: 'Acme', secretHash: 'ab'.repeat(32), createdAt: new Date() });
        const found = await accounts.findActive(clientId);
        expect(found?.secretHash).toBe('ab'.repeat(32));
        expect(found?.account).toMatchObject({ clientId, name: 'Acme', revokedAt: null });
        expect((await accounts.list()).map((a) => a.clientId)).toContain(clientId);
        expect(await accounts.revoke(clientId, new Date())).toBe(true);
        expect(await accounts.findActive(clientId)).toBeNull();
        expect(await accounts.revoke(clientId, new Date())).toBe(false);
        expect(await accounts.revoke('cl_unknown', new Date())).toBe(false);
      });

      it('credentialOf: the account id and stored hash while active; for a revoked or unknown id, the same shape with UNKNOWN_CLIENT_HASH', async () => {
        const { accounts } = harness();
        const clientId = `cl_${randomUUID()}`;
        const id = randomUUID();
        await accounts.create({ id, clientId, name: 'Acme', secretHash: 'cd'.repeat(32), createdAt: new Date() });
        expect(await accounts.credentialOf(clientId)).toEqual({ accountId: id, secretHash: 'cd'.repeat(32) });
        const unknown = { accountId: null, secretHash: UNKNOWN_CLIENT_HASH };
        expect(await accounts.credentialOf(`cl_${randomUUID()}`)).toEqual(unknown);
        expect(await accounts.credentialOf(`${clientId}0`)).toEqual(unknown);
        expect(await accounts.credentialOf(clientId.slice(0, -1))).toEqual(unknown);
        expect(await accounts.credentialOf('!')).toEqual(unknown);
        expect(await accounts.credentialOf('~'.repeat(30))).toEqual(unknown);
        expect(await accounts.credentialOf("x' OR '1'='1")).toEqual(unknown);
        await accounts.revoke(clientId, new Date());
        expect(await accounts.credentialOf(clientId)).toEqual(unknown);
      });
    });

    describe('DemandRepository', () => {
      it("an id that belongs to another client account behaves exactly like an id that does not exist", async () => {
        const { demands, fixtures } = harness();
        const [mine, other] = [await fixtures.account(), await fixtures.account()];
        const mission = await fixtures.mainMission(mine, { checkInCheckOut: true, requiresForm: true });
        const store = await fixtures.store(mine, true);
        const form = await fixtures.form(mine, 'FORM');
        const pdvForm = await fixtures.form(mine, 'PDV');
        const input = demandInput(mission, { storesIds: [store], formId: form, formPdvId: pdvForm });

        expect(await demands.references(mine, input)).toEqual({
          mainMission: { id: mission, checkInCheckOut: true, requiresForm: true },
          formFound: true,
          formPdvFound: true,
          stores: [{ id: store, isWorkforce: true }],
        });
        expect(await demands.references(other, input)).toEqual({
          mainMission: null,
          formFound: false,
          formPdvFound: false,
          stores: [],
        });
      });

      it('a form is found only under its own kind', async () => {
        const { demands, fixtures } = harness();
        const account = await fixtures.account();
        const mission = await fixtures.mainMission(account, { checkInCheckOut: false, requiresForm: false });
        const pdvForm = await fixtures.form(account, 'PDV');
        const refs = await demands.references(account, demandInput(mission, { formId: pdvForm, formPdvId: pdvForm }));
        expect(refs.formFound).toBe(false);
        expect(refs.formPdvFound).toBe(true);
      });

      it('stores the demand with all its missions', async () => {
        const { demands, fixtures } = harness();
        const account = await fixtures.account();
        const mission = await fixtures.mainMission(account, { checkInCheckOut: false, requiresForm: false });
        const stores = [await fixtures.store(account, false), await fixtures.store(account, false)];
        const demand = newDemand(account, demandInput(mission, { storesIds: stores }), 2);
        await demands.create(demand);
        expect(await fixtures.demandsOf(account)).toEqual([{ id: demand.id, mbKeys: demand.missions.map((m) => m.mbKey).sort() }]);
      });

      it('multi-row writes are transactions: a failing mission insert leaves nothing behind', async () => {
        const { demands, fixtures } = harness();
        const account = await fixtures.account();
        const mission = await fixtures.mainMission(account, { checkInCheckOut: false, requiresForm: false });
        const demand = newDemand(account, demandInput(mission), 2);
        const clashing = { ...demand, missions: [demand.missions[0], { ...demand.missions[1], mbKey: demand.missions[0].mbKey }] };
        await expect(demands.create(clashing)).rejects.toThrow();
        expect(await fixtures.demandsOf(account)).toEqual([]);
      });
    });

    describe('IdempotencyKeys', () => {
      it('a key is claimed once; a repeat is in flight, another body a mismatch, and a completed key replays', async () => {
        const { idempotencyKeys, demands, fixtures } = harness();
        const account = await fixtures.account();
        const now = new Date('2026-11-21T10:00:00Z');
        expect(await idempotencyKeys.claim(account, 'k1', 'fp-a', window(now))).toEqual({ outcome: 'claimed' });
        expect(await idempotencyKeys.claim(account, 'k1', 'fp-a', window(now))).toEqual({ outcome: 'in-flight' });
        expect(await idempotencyKeys.claim(account, 'k1', 'fp-b', window(now))).toEqual({ outcome: 'mismatch' });

        const mission = await fixtures.mainMission(account, { checkInCheckOut: false, requiresForm: false });
        const demand = newDemand(account, demandInput(mission), 1, 'k1');
        await demands.create(demand);
        expect(await idempotencyKeys.claim(account, 'k1', 'fp-a', window(now))).toEqual({ outcome: 'replay', demandId: demand.id });
        expect(await idempotencyKeys.claim(account, 'k1', 'fp-b', window(now))).toEqual({ outcome: 'mismatch' });
      });

      it('a released key, an abandoned claim and an expired key can be claimed again; keys are per client account', async () => {
        const { idempotencyKeys, demands, fixtures } = harness();
        const [account, other] = [await fixtures.account(), await fixtures.account()];
        const now = new Date('2026-11-21T10:00:00Z');
        const claimed = { outcome: 'claimed' };
        expect(await idempotencyKeys.claim(account, 'k2', 'fp', window(now))).toEqual(claimed);
        expect(await idempotencyKeys.claim(other, 'k2', 'fp', window(now))).toEqual(claimed);
        await idempotencyKeys.release(account, 'k2', now);
        expect(await idempotencyKeys.claim(account, 'k2', 'fp-new', window(now))).toEqual(claimed);

        const later = new Date(now.getTime() + 120_000);
        expect(await idempotencyKeys.claim(account, 'k2', 'fp-later', window(later))).toEqual(claimed);

        const mission = await fixtures.mainMission(account, { checkInCheckOut: false, requiresForm: false });
        await demands.create({ ...newDemand(account, demandInput(mission), 1, 'k2'), createdAt: later });
        const nextDay = new Date(later.getTime() + 86_400_001);
        expect(await idempotencyKeys.claim(account, 'k2', 'fp-next-day', window(nextDay))).toEqual(claimed);
      });

      it('a release gives back its own claim only: a late one leaves the claim that took an abandoned one over', async () => {
        const { idempotencyKeys, fixtures } = harness();
        const account = await fixtures.account();
        const first = new Date('2026-11-21T10:00:00Z');
        const takeover = new Date(first.getTime() + 120_000);
        expect(await idempotencyKeys.claim(account, 'k3', 'fp', window(first))).toEqual({ outcome: 'claimed' });
        expect(await idempotencyKeys.claim(account, 'k3', 'fp', window(takeover))).toEqual({ outcome: 'claimed' });
        await idempotencyKeys.release(account, 'k3', first);
        expect(await idempotencyKeys.claim(account, 'k3', 'fp', window(takeover))).toEqual({ outcome: 'in-flight' });
        await idempotencyKeys.release(account, 'k3', takeover);
        expect(await idempotencyKeys.claim(account, 'k3', 'fp', window(takeover))).toEqual({ outcome: 'claimed' });
      });
    });

    describe('ParticipantRepository', () => {
      async function missionWithPlaces(h: PersistenceHarness, places: number) {
        const account = await h.fixtures.account();
        const mission = await h.fixtures.mainMission(account, { checkInCheckOut: true, requiresForm: false });
        const demand = newDemand(account, demandInput(mission, { participants: places, shifts: ['2026-12-01-08:00-17:00-0'] }));
        await h.demands.create(demand);
        return { account, mbKey: demand.missions[0].mbKey };
      }

      const taker = (name: string, isBuffer = false) => (mission: MissionPlaces) =>
        Participant.accept({ id: randomUUID(), muKey: `MU-${randomUUID().slice(0, 12)}`, mission, userName: name, isBuffer }, BEFORE_THE_DAY);

      it('accept sees the places taken by non-buffer participants still on the mission', async () => {
        const h = harness();
        const { account, mbKey } = await missionWithPlaces(h, 3);
        const first = await h.participants.accept(account, mbKey, taker('Ana'));
        await h.participants.accept(account, mbKey, taker('Bia', true));
        const quitter = await h.participants.accept(account, mbKey, taker('Caio'));
        await h.participants.change(account, quitter.state.muKey, (p) => p.quit());

        let seen: { taken: number; places: number; shifts: readonly string[] } | undefined;
        await h.participants.accept(account, mbKey, (mission) => {
          seen = mission;
          return taker('Duda')(mission);
        });
        expect(seen).toMatchObject({ taken: 1, places: 3, shifts: ['2026-12-01-08:00-17:00-0'] });
        expect(first.state.status).toBe(MissionStatus.WAITING);
      });

      it('a participant is restored with its mission date', async () => {
        const h = harness();
        const { account, mbKey } = await missionWithPlaces(h, 1);
        const accepted = await h.participants.accept(account, mbKey, taker('Ana'));
        const restored = await h.participants.change(account, accepted.state.muKey, () => undefined);
        expect(restored.state).toEqual(accepted.state);
        expect(restored.state.missionDate).toEqual(new Date('2026-12-01T03:00:00Z'));
      });

      it('a mission or participant of another client account is not found', async () => {
        const h = harness();
        const { account, mbKey } = await missionWithPlaces(h, 1);
        const other = await h.fixtures.account();
        await expect(h.participants.accept(other, mbKey, taker('Eva'))).rejects.toBeInstanceOf(NotFoundError);
        const p = await h.participants.accept(account, mbKey, taker('Eva'));
        await expect(h.participants.change(other, p.state.muKey, (x) => x.quit())).rejects.toBeInstanceOf(NotFoundError);
        await expect(h.participants.change(account, 'MU-NOPE', (x) => x.quit())).rejects.toBeInstanceOf(NotFoundError);
      });

      it('changes are stored; a refused verb stores nothing', async () => {
        const h = harness();
        const { account, mbKey } = await missionWithPlaces(h, 1);
        const p = await h.participants.accept(account, mbKey, taker('Fábio'));
        const at = new Date('2026-12-01T11:05:00Z');
        await h.participants.change(account, p.state.muKey, (x) => x.checkIn({ at, tokenInput: '1234', slaToleranceMinutes: 15 }));
        await expect(
          h.participants.change(account, p.state.muKey, (x) => {
            x.checkOut({ at: new Date('2026-12-01T12:00:00Z'), complete: true });
            x.quit();
          }),
        ).rejects.toThrow();
        const after = await h.participants.change(account, p.state.muKey, () => undefined);
        expect(after.state).toMatchObject({ status: MissionStatus.STARTED, checkInAt: at, checkOutAt: null, tokenInput: '1234' });
      });

      describe('dueForExpiry', () => {
        const RULES = { slaToleranceMinutes: 15 };
        const ms = (date: Date, delta: number) => new Date(date.getTime() + delta);

        async function missionOn(h: PersistenceHarness, account: string, missionDate: Date, shifts: string[] = []) {
          const main = await h.fixtures.mainMission(account, { checkInCheckOut: shifts.length > 0, requiresForm: false });
          const demand = newDemand(account, demandInput(main, { participants: 10, shifts }));
          const mission = { ...demand.missions[0], missionDate };
          await h.demands.create({ ...demand, missions: [mission] });
          return mission.mbKey;
        }

        /** Every due participant of every account, page after page; those of `account`, by id. */
        async function dueOf(h: PersistenceHarness, account: string, now: Date, timeZone: string, limit = 1000): Promise<string[]> {
          const cutoffs = expiryCutoffs(now, { ...RULES, timeZone });
          const found: string[] = [];
          for (let after: string | null = null; ; ) {
            const page = await h.participants.dueForExpiry(cutoffs, { after, limit });
            found.push(...page.filter((p) => p.accountId === account).map((p) => p.id));
            if (page.length < limit) return found;
            after = page[page.length - 1].id;
          }
        }

        it.each(['America/Sao_Paulo', 'Asia/Tokyo'])(
          'finds, on both sides of every deadline in %s, exactly the participants whose expire is accepted',
          async (timeZone) => {
            const h = harness();
            const account = await h.fixtures.account();
            const plain = await missionOn(h, account, startOfZonedDay('2026-12-01', timeZone));
            const onShift = await missionOn(h, account, startOfZonedDay('2026-12-01', timeZone), ['2026-12-02-22:00-06:00-0']);
            const take = (mbKey: string, needsEstimate = false) =>
              h.participants.accept(account, mbKey, (mission) =>
                Participant.accept({ id: randomUUID(), muKey: `MU-${randomUUID().slice(0, 12)}`, mission, userName: 'Ana', needsEstimate }, {
                  now: BEFORE_THE_DAY.now,
                  timeZone,
                }),
              );
            const waiting = await take(plain);
            const waitingOnShift = await take(onShift);
            const scheduled = await h.participants.change(account, (await take(plain)).state.muKey, (p) => p.schedule(new Date('2026-12-01T18:00:00Z')));
            await take(plain, true);
            await h.participants.change(account, (await take(plain)).state.muKey, (p) => p.checkIn({ at: new Date('2026-12-01T12:00:00Z'), slaToleranceMinutes: 15 }));
            await h.participants.change(account, (await take(plain)).state.muKey, (p) => p.quit());
            const rules = { ...RULES, timeZone };
            const expiring = [waiting, waitingOnShift, scheduled].map((p) => ({ id: p.state.id, muKey: p.state.muKey, expiresAt: p.expiresAt(rules) as Date }));

            for (const now of expiring.flatMap(({ expiresAt }) => [ms(expiresAt, -1), expiresAt])) {
              const expected = expiring.filter((p) => p.expiresAt <= now).map((p) => p.id).sort();
              expect({ now, due: await dueOf(h, account, now, timeZone) }).toEqual({ now, due: expected });
            }

            const between = ms(expiring[2].expiresAt, 0);
            const due = await dueOf(h, account, between, timeZone);
            for (const p of expiring) {
              const expire = h.participants.change(account, p.muKey, (x) => x.expire(between, rules));
              if (due.includes(p.id)) await expect(expire).resolves.toBeDefined();
              else await expect(expire).rejects.toBeInstanceOf(ExpiryNotDueError);
            }
            expect(await dueOf(h, account, between, timeZone)).toEqual([]);
          },
        );

        it('pages through every account in id order, each participant once', async () => {
          const h = harness();
          const account = await h.fixtures.account();
          const mbKey = await missionOn(h, account, new Date('2026-12-01T03:00:00Z'));
          const ids: string[] = [];
          for (let i = 0; i < 5; i += 1) ids.push((await h.participants.accept(account, mbKey, taker(`P${i}`))).state.id);
          const cutoffs = expiryCutoffs(new Date('2026-12-10T00:00:00Z'), { ...RULES, timeZone: 'America/Sao_Paulo' });
          const seen: string[] = [];
          for (let after: string | null = null; ; ) {
            const page = await h.participants.dueForExpiry(cutoffs, { after, limit: 2 });
            expect(page.length).toBeLessThanOrEqual(2);
            seen.push(...page.map((p) => p.id));
            if (page.length < 2) break;
            after = page[page.length - 1].id;
          }
          expect(seen).toEqual([...seen].sort());
          expect(new Set(seen).size).toBe(seen.length);
          expect(seen.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
        });
      });

      /** A participant of a new mission who checked out with the work complete. */
      async function finishedWork(h: PersistenceHarness) {
        const { account, mbKey } = await missionWithPlaces(h, 1);
        const { state } = await h.participants.accept(account, mbKey, taker('Gil'));
        await h.participants.change(account, state.muKey, (x) => {
          x.checkIn({ at: new Date('2026-12-01T11:00:00Z'), slaToleranceMinutes: 15 });
          x.checkOut({ at: new Date('2026-12-01T19:00:00Z'), complete: true });
        });
        const submit = (participant: Participant) =>
          Register.submit({ id: randomUUID(), missionsUserId: participant.state.id, identifier: 'R-1', participantStatus: participant.state.status });
        const stored = async () => {
          const { participant, register } = await h.participants.reviewWork(account, state.muKey, () => undefined);
          return { status: participant.state.status, register: register?.state.status ?? null };
        };
        return { account, muKey: state.muKey, submit, stored };
      }

      it('work is submitted once, then reviewed', async () => {
        const h = harness();
        const { account, muKey, submit, stored } = await finishedWork(h);
        expect(await stored()).toEqual({ status: MissionStatus.FINISHED, register: null });
        await h.participants.submitWork(account, muKey, submit);
        await expect(h.participants.submitWork(account, muKey, submit)).rejects.toBeInstanceOf(RegisterAlreadySubmittedError);
        const reviewed = await h.participants.reviewWork(account, muKey, (p, r) => r?.approve(p));
        expect(reviewed.register?.state.status).toBe('APPROVED');
        expect(await stored()).toEqual({ status: MissionStatus.FINISHED, register: 'APPROVED' });
        await expect(h.participants.reviewWork(account, 'MU-NOPE', () => undefined)).rejects.toBeInstanceOf(NotFoundError);
        const other = await h.fixtures.account();
        await expect(h.participants.reviewWork(other, muKey, () => undefined)).rejects.toBeInstanceOf(NotFoundError);
      });

      // The port's promise, raced: several verbs at once, each of which, had it run alone, would win.
      // Were the participant read without its lock, each would see the same state and write over
      // the others.
      describe('"two concurrent verbs on one participant cannot both win"', () => {
        const ROUNDS = 4;
        const late = { now: new Date('2026-12-05T00:00:00Z'), rules: { timeZone: 'America/Sao_Paulo', slaToleranceMinutes: 15 } };

        function settled<T>(results: PromiseSettledResult<T>[]) {
          return {
            won: results.filter((r): r is PromiseFulfilledResult<T> => r.status === 'fulfilled').map((r) => r.value),
            lost: results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown),
          };
        }

        it('quit, remove and expire race on a WAITING participant: one wins, the others are refused, the winner is stored', async () => {
          const h = harness();
          for (let round = 0; round < ROUNDS; round += 1) {
            const { account, mbKey } = await missionWithPlaces(h, 1);
            const { state } = await h.participants.accept(account, mbKey, taker('Ana'));
            const verbs: ((p: Participant) => void)[] = [
              (p) => p.quit(),
              (p) => p.remove(),
              (p) => p.expire(late.now, late.rules),
              (p) => p.quit(),
            ];
            const { won, lost } = settled(await Promise.allSettled(verbs.map((verb) => h.participants.change(account, state.muKey, verb))));
            expect(won).toHaveLength(1);
            expect(lost.every((error) => error instanceof InvalidTransitionError)).toBe(true);
            const stored = await h.participants.change(account, state.muKey, () => undefined);
            expect(stored.state).toEqual(won[0].state);
          }
        });

        it('the two reviews race on finished, submitted work: one wins, and REJECTED never meets APPROVED', async () => {
          const h = harness();
          for (let round = 0; round < ROUNDS; round += 1) {
            const { account, muKey, submit, stored } = await finishedWork(h);
            await h.participants.submitWork(account, muKey, submit);
            const { won, lost } = settled(
              await Promise.allSettled([
                h.participants.reviewWork(account, muKey, (p, r) => p.reject(r)),
                h.participants.reviewWork(account, muKey, (p, r) => r?.approve(p)),
              ]),
            );
            expect(won).toHaveLength(1);
            expect(lost).toHaveLength(1);
            const after = await stored();
            expect([
              { status: MissionStatus.REJECTED, register: 'REPROVED' },
              { status: MissionStatus.FINISHED, register: 'APPROVED' },
            ]).toContainEqual(after);
            expect({ status: won[0].participant.state.status, register: won[0].register?.state.status }).toEqual(after);
          }
        });

        it('takers of the last place race: one takes it, the others find the mission full', async () => {
          const h = harness();
          for (let round = 0; round < ROUNDS; round += 1) {
            const { account, mbKey } = await missionWithPlaces(h, 1);
            const { won, lost } = settled(
              await Promise.allSettled(['Ana', 'Bia', 'Caio', 'Duda'].map((name) => h.participants.accept(account, mbKey, taker(name)))),
            );
            expect(won).toHaveLength(1);
            expect(lost).toEqual(Array.from({ length: 3 }, () => expect.objectContaining({ code: 'MISSION_FULL' })));
          }
        });
      });

      describe('"a REJECTED participant never has an APPROVED register", whichever review comes first', () => {
        it('finish → submit → approve → reject: the reject is refused, the work stays approved', async () => {
          const h = harness();
          const { account, muKey, submit, stored } = await finishedWork(h);
          await h.participants.submitWork(account, muKey, submit);
          await h.participants.reviewWork(account, muKey, (p, r) => r?.approve(p));
          await expect(h.participants.reviewWork(account, muKey, (p, r) => p.reject(r))).rejects.toBeInstanceOf(WorkApprovedError);
          expect(await stored()).toEqual({ status: MissionStatus.FINISHED, register: 'APPROVED' });
        });

        it('finish → submit → reject: the pending register is reproved with it, and can no longer be approved', async () => {
          const h = harness();
          const { account, muKey, submit, stored } = await finishedWork(h);
          await h.participants.submitWork(account, muKey, submit);
          const rejected = await h.participants.reviewWork(account, muKey, (p, r) => p.reject(r));
          expect(rejected.participant.state.status).toBe(MissionStatus.REJECTED);
          expect(await stored()).toEqual({ status: MissionStatus.REJECTED, register: 'REPROVED' });
          await expect(h.participants.reviewWork(account, muKey, (p, r) => r?.approve(p))).rejects.toBeInstanceOf(RegisterAlreadyReviewedError);
          expect(await stored()).toEqual({ status: MissionStatus.REJECTED, register: 'REPROVED' });
        });

        it('finish → reject → submit: rejected work is not submitted', async () => {
          const h = harness();
          const { account, muKey, submit, stored } = await finishedWork(h);
          await h.participants.reviewWork(account, muKey, (p, r) => p.reject(r));
          await expect(h.participants.submitWork(account, muKey, submit)).rejects.toBeInstanceOf(WorkNotFinishedError);
          expect(await stored()).toEqual({ status: MissionStatus.REJECTED, register: null });
        });
      });
    });
  });
}
