import { randomUUID } from 'node:crypto';
import { NotFoundError } from '../lib/application/not-found.errors';
import type { ClientAccountRepository } from '../lib/application/ports/client-accounts.port';
import type { DemandRepository, NewDemand } from '../lib/application/ports/demand-repository.port';
import type { ClaimWindow, IdempotencyKeys } from '../lib/application/ports/idempotency-keys.port';
import type { ParticipantRepository } from '../lib/application/ports/participant-repository.port';
import type { DemandInput } from '../lib/model/demand';
import { MissionStatus } from '../lib/model/mission-status';
import { Participant } from '../lib/model/participant';
import { Register, RegisterAlreadySubmittedError } from '../lib/model/register';
import { aDemandInput } from './object-mothers';

/** What a contract suite needs of an adapter family: the ports, and a way to arrange and read rows. */
export interface PersistenceHarness {
  accounts: ClientAccountRepository;
  demands: DemandRepository;
  idempotencyKeys: IdempotencyKeys;
  participants: ParticipantRepository;
  fixtures: {
    account(): Promise<string>;
    mainMission(accountId: string, subcategory: { checkInCheckOut: boolean; requiresForm: boolean }): Promise<string>;
    store(accountId: string, isWorkforce: boolean): Promise<number>;
    form(accountId: string, kind: 'FORM' | 'PDV'): Promise<string>;
    /** Stored demands of the account with their missions' MB keys. */
    demandsOf(accountId: string): Promise<{ id: string; mbKeys: string[] }[]>;
  };
}

const key = () => `MB-${randomUUID().slice(0, 12).toUpperCase()}`;

const demandInput = (missionMainId: string, overrides: Partial<DemandInput> = {}) => aDemandInput({ missionMainId, ...overrides });

function newDemand(accountId: string, input: DemandInput, missions = 1, idempotencyKey: string | null = null): NewDemand {
  return {
    id: randomUUID(),
    accountId,
    input,
    createdAt: new Date('2026-11-21T10:00:00Z'),
    idempotencyKey,
    missions: Array.from({ length: missions }, (_, i) => ({
      id: randomUUID(),
      mbKey: key(),
      storeId: input.storesIds[i] ?? null,
      missionDate: new Date('2026-12-01T03:00:00Z'),
      places: input.participants,
    })),
  };
}

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
        expect(await idempotencyKeys.claim(account, 'k1', 'fp-a', window(now))).toBe('claimed');
        expect(await idempotencyKeys.claim(account, 'k1', 'fp-a', window(now))).toBe('in-flight');
        expect(await idempotencyKeys.claim(account, 'k1', 'fp-b', window(now))).toBe('mismatch');

        const mission = await fixtures.mainMission(account, { checkInCheckOut: false, requiresForm: false });
        await demands.create(newDemand(account, demandInput(mission), 1, 'k1'));
        expect(await idempotencyKeys.claim(account, 'k1', 'fp-a', window(now))).toBe('replay');
        expect(await idempotencyKeys.claim(account, 'k1', 'fp-b', window(now))).toBe('mismatch');
      });

      it('a released key, an abandoned claim and an expired key can be claimed again; keys are per client account', async () => {
        const { idempotencyKeys, demands, fixtures } = harness();
        const [account, other] = [await fixtures.account(), await fixtures.account()];
        const now = new Date('2026-11-21T10:00:00Z');
        expect(await idempotencyKeys.claim(account, 'k2', 'fp', window(now))).toBe('claimed');
        expect(await idempotencyKeys.claim(other, 'k2', 'fp', window(now))).toBe('claimed');
        await idempotencyKeys.release(account, 'k2', now);
        expect(await idempotencyKeys.claim(account, 'k2', 'fp-new', window(now))).toBe('claimed');

        const later = new Date(now.getTime() + 120_000);
        expect(await idempotencyKeys.claim(account, 'k2', 'fp-later', window(later))).toBe('claimed');

        const mission = await fixtures.mainMission(account, { checkInCheckOut: false, requiresForm: false });
        await demands.create({ ...newDemand(account, demandInput(mission), 1, 'k2'), createdAt: later });
        const nextDay = new Date(later.getTime() + 86_400_001);
        expect(await idempotencyKeys.claim(account, 'k2', 'fp-next-day', window(nextDay))).toBe('claimed');
      });

      it('a release gives back its own claim only: a late one leaves the claim that took an abandoned one over', async () => {
        const { idempotencyKeys, fixtures } = harness();
        const account = await fixtures.account();
        const first = new Date('2026-11-21T10:00:00Z');
        const takeover = new Date(first.getTime() + 120_000);
        expect(await idempotencyKeys.claim(account, 'k3', 'fp', window(first))).toBe('claimed');
        expect(await idempotencyKeys.claim(account, 'k3', 'fp', window(takeover))).toBe('claimed');
        await idempotencyKeys.release(account, 'k3', first);
        expect(await idempotencyKeys.claim(account, 'k3', 'fp', window(takeover))).toBe('in-flight');
        await idempotencyKeys.release(account, 'k3', takeover);
        expect(await idempotencyKeys.claim(account, 'k3', 'fp', window(takeover))).toBe('claimed');
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

      const taker = (name: string, isBuffer = false) => (mission: { missionId: string }) =>
        Participant.accept({ id: randomUUID(), muKey: `MU-${randomUUID().slice(0, 12)}`, missionId: mission.missionId, userName: name, isBuffer });

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

      it('work is submitted once, then reviewed', async () => {
        const h = harness();
        const { account, mbKey } = await missionWithPlaces(h, 1);
        const p = await h.participants.accept(account, mbKey, taker('Gil'));
        await h.participants.change(account, p.state.muKey, (x) => {
          x.checkIn({ at: new Date('2026-12-01T11:00:00Z'), slaToleranceMinutes: 15 });
          x.checkOut({ at: new Date('2026-12-01T19:00:00Z'), complete: true });
        });
        const submit = (participant: Participant) =>
          Register.submit({ id: randomUUID(), missionsUserId: participant.state.id, identifier: 'R-1', participantStatus: participant.state.status });
        await h.participants.submitWork(account, p.state.muKey, submit);
        await expect(h.participants.submitWork(account, p.state.muKey, submit)).rejects.toBeInstanceOf(RegisterAlreadySubmittedError);
        const reviewed = await h.participants.reviewRegister(account, p.state.muKey, (r) => r.approve());
        expect(reviewed.state.status).toBe('APPROVED');
        await expect(h.participants.reviewRegister(account, 'MU-NOPE', (r) => r.approve())).rejects.toBeInstanceOf(NotFoundError);
      });
    });
  });
}
