import { randomUUID } from 'node:crypto';
import { type DomainEvent, type EventType, newEvent } from '../lib/application/events/domain-event';
import { NotFoundError } from '../lib/application/not-found.errors';
import { uuidV7 } from '../lib/application/ports/key-generator.port';
import type { MissionPlaces } from '../lib/model/mission-places';
import { MissionStatus } from '../lib/model/mission-status';
import { Participant } from '../lib/model/participant';
import { Register } from '../lib/model/register';
import { aDemandInput } from './object-mothers';
import { BEFORE_THE_DAY, newDemand, type PersistenceHarness } from './port-contracts';

const AT = new Date('2026-12-01T12:00:00.000Z');

function anEvent(accountId: string, type: EventType = 'demand.created', marker = 0): DomainEvent {
  return newEvent(type, { id: uuidV7(Date.now()), accountId, occurredAt: AT }, { marker } as never);
}

/** An account with a main mission, and a way to write events through a demand's transaction. */
async function accountWithOutbox(h: PersistenceHarness) {
  const account = await h.fixtures.account();
  const mainMission = await h.fixtures.mainMission(account, { checkInCheckOut: true, requiresForm: false });
  const write = async (...events: DomainEvent[]) => {
    const demand = { ...newDemand(account, aDemandInput({ missionMainId: mainMission, shifts: ['2026-12-01-08:00-17:00-0'] })), events };
    await h.demands.create(demand);
    return demand;
  };
  return { account, mainMission, write };
}

async function participantOf(h: PersistenceHarness) {
  const { account, write } = await accountWithOutbox(h);
  const demand = await write();
  const mbKey = demand.missions[0].mbKey;
  const participant = await h.participants.accept(account, mbKey, (mission) =>
    Participant.accept({ id: randomUUID(), muKey: `MU-${randomUUID().slice(0, 12)}`, mission, userName: 'Ana' }, BEFORE_THE_DAY),
  );
  return { account, write, mbKey, muKey: participant.state.muKey, demand };
}

const ids = (events: readonly DomainEvent[]) => events.map((event) => event.id);

/** Reads the whole feed of an account, `limit` events a request, as a client pages through it. */
async function readAll(h: PersistenceHarness, accountId: string, limit: number, types: readonly EventType[] | null = null) {
  const seen: DomainEvent[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await h.eventFeed.read(accountId, { after, types, limit });
    if (page === null) throw new Error('cursor not found');
    seen.push(...page.events);
    if (!page.hasMore) return seen;
    after = page.events[page.events.length - 1].id;
  }
}

/** The outbox, the events feed, webhook endpoints and deliveries, and the demand lookup, on every adapter family. */
export function describeOutboxContract(name: string, harness: () => PersistenceHarness): void {
  describe(`${name}: outbox, events feed, webhooks, demand lookup`, () => {
    describe('events are written by the transaction of their change, or not at all', () => {
      it('a stored demand writes its events; a demand whose write fails writes none', async () => {
        const h = harness();
        const { account, write } = await accountWithOutbox(h);
        const kept = anEvent(account);
        await write(kept);
        const mission = await h.fixtures.mainMission(account, { checkInCheckOut: false, requiresForm: false });
        const failing = newDemand(account, aDemandInput({ missionMainId: mission }), 2);
        const clashing = {
          ...failing,
          missions: [failing.missions[0], { ...failing.missions[1], mbKey: failing.missions[0].mbKey }],
          events: [anEvent(account)],
        };
        await expect(h.demands.create(clashing)).rejects.toThrow();
        expect(await h.fixtures.eventsOf(account)).toEqual([kept]);
      });

      it('a participant change writes what its closure recorded, with the keys of the participant and its mission; a refused one writes nothing', async () => {
        const h = harness();
        const { account, mbKey, muKey } = await participantOf(h);
        const seen: { muKey: string; mbKey: string }[] = [];
        const checkIn = anEvent(account, 'participant.status_changed', 1);
        await h.participants.change(account, muKey, (p, context) => {
          seen.push({ muKey: context.muKey, mbKey: context.mbKey });
          p.checkIn({ at: AT, slaToleranceMinutes: 15 });
          context.record(checkIn);
        });
        await expect(
          h.participants.change(account, muKey, (p, context) => {
            context.record(anEvent(account, 'participant.status_changed', 2));
            p.approveEstimate();
          }),
        ).rejects.toThrow();
        expect(seen).toEqual([{ muKey, mbKey }]);
        expect(ids(await h.fixtures.eventsOf(account))).toEqual([checkIn.id]);
      });

      it('submitting and reviewing work pass the keys and write what was recorded', async () => {
        const h = harness();
        const { account, mbKey, muKey } = await participantOf(h);
        await h.participants.change(account, muKey, (p) => {
          p.checkIn({ at: AT, slaToleranceMinutes: 15 });
          p.checkOut({ at: new Date(AT.getTime() + 3_600_000), complete: true });
        });
        const submitted = anEvent(account, 'register.submitted');
        const reviewed = anEvent(account, 'register.reviewed');
        const contexts: unknown[] = [];
        await h.participants.submitWork(account, muKey, (participant, context) => {
          contexts.push({ muKey: context.muKey, mbKey: context.mbKey });
          context.record(submitted);
          return Register.submit({ id: randomUUID(), missionsUserId: participant.state.id, identifier: 'R-1', participantStatus: participant.state.status });
        });
        await h.participants.reviewWork(account, muKey, (participant, register, context) => {
          contexts.push({ muKey: context.muKey, mbKey: context.mbKey });
          register?.approve(participant);
          context.record(reviewed);
        });
        expect(contexts).toEqual([{ muKey, mbKey }, { muKey, mbKey }]);
        expect(ids(await h.fixtures.eventsOf(account))).toEqual([submitted.id, reviewed.id]);
      });

      it('a point-of-sale record and a stop change with their context, and write what was recorded; another account cannot reach them', async () => {
        const h = harness();
        const { account, mbKey, muKey } = await participantOf(h);
        const pdvId = await h.fixtures.pdvRecord(account, muKey, 'Café 500 g');
        const stopId = await h.fixtures.stop(account, muKey, AT);
        const done = anEvent(account, 'pdv.done');
        const finished = anEvent(account, 'delivery.finished');
        const later = new Date(AT.getTime() + 600_000);

        const pdv = await h.fieldWork.changePdv(account, pdvId, (record, context) => {
          expect({ muKey: context.muKey, mbKey: context.mbKey, product: context.product }).toEqual({ muKey, mbKey, product: 'Café 500 g' });
          record.markDone(later);
          context.record(done);
        });
        const stop = await h.fieldWork.changeStop(account, stopId, (s, context) => {
          expect({ muKey: context.muKey, mbKey: context.mbKey, placeName: context.placeName }).toEqual({ muKey, mbKey, placeName: 'Depot' });
          s.finish(later);
          context.record(finished);
        });
        expect(pdv.state).toMatchObject({ id: pdvId, status: 'DONE', deliveredAt: later });
        expect(stop.state).toMatchObject({ id: stopId, type: 'DELIVERY', identifier: 'STOP-1', progress: 2, startedAt: AT, finishedAt: later });
        await expect(h.fieldWork.changePdv(account, pdvId, (record) => record.markDone(later))).rejects.toMatchObject({ code: 'PDV_ALREADY_DONE' });
        await expect(h.fieldWork.changeStop(account, stopId, (s) => s.finish(later))).rejects.toMatchObject({ code: 'STOP_ALREADY_FINISHED' });
        expect(ids(await h.fixtures.eventsOf(account))).toEqual(expect.arrayContaining([done.id, finished.id]));

        const other = await h.fixtures.account();
        await expect(h.fieldWork.changePdv(other, pdvId, () => undefined)).rejects.toBeInstanceOf(NotFoundError);
        await expect(h.fieldWork.changeStop(other, stopId, () => undefined)).rejects.toBeInstanceOf(NotFoundError);
        await expect(h.fieldWork.changeStop(account, randomUUID(), () => undefined)).rejects.toMatchObject({ code: 'STOP_NOT_FOUND' });
      });
    });

    describe('EventFeed', () => {
      it('pages through the account’s events oldest first, each once, whatever the page size', async () => {
        const h = harness();
        const { account, write } = await accountWithOutbox(h);
        const written: DomainEvent[] = [];
        for (let i = 0; i < 7; i += 1) {
          const events = i % 3 === 0 ? [anEvent(account, 'demand.created', i), anEvent(account, 'pdv.done', i)] : [anEvent(account, 'demand.created', i)];
          await write(...events);
          written.push(...events);
        }
        for (const limit of [1, 3, 100]) expect(ids(await readAll(h, account, limit))).toEqual(ids(written));
        const page = await h.eventFeed.read(account, { after: written[2].id, types: null, limit: 2 });
        expect(page).toEqual({ events: written.slice(3, 5), hasMore: true });
        expect(await h.eventFeed.read(account, { after: written.at(-1)?.id ?? null, types: null, limit: 5 })).toEqual({ events: [], hasMore: false });
      });

      it('filters by type, and `hasMore` counts only events of those types', async () => {
        const h = harness();
        const { account, write } = await accountWithOutbox(h);
        const [first, , last] = [anEvent(account, 'pdv.done'), anEvent(account), anEvent(account, 'pdv.done')];
        await write(first);
        await write(anEvent(account));
        await write(last);
        await write(anEvent(account));
        expect(ids(await readAll(h, account, 1, ['pdv.done']))).toEqual([first.id, last.id]);
        expect(await h.eventFeed.read(account, { after: last.id, types: ['pdv.done'], limit: 1 })).toEqual({ events: [], hasMore: false });
      });

      it("another account's events never appear, and its event as a cursor is like an unknown one", async () => {
        const h = harness();
        const mine = await accountWithOutbox(h);
        const theirs = await accountWithOutbox(h);
        const own = anEvent(mine.account);
        const foreign = anEvent(theirs.account);
        await mine.write(own);
        await theirs.write(foreign);
        expect(ids(await readAll(h, mine.account, 10))).toEqual([own.id]);
        expect(await h.eventFeed.read(mine.account, { after: foreign.id, types: null, limit: 10 })).toBeNull();
        expect(await h.eventFeed.read(mine.account, { after: uuidV7(Date.now()), types: null, limit: 10 })).toBeNull();
      });

      it('answers events as they were written', async () => {
        const h = harness();
        const { account, write } = await accountWithOutbox(h);
        const event = newEvent('register.reviewed', { id: uuidV7(Date.now()), accountId: account, occurredAt: AT }, {
          registerId: randomUUID(),
          muKey: 'MU-1',
          mbKey: 'MB-1',
          identifier: 'ação "quoted"',
          status: 'APPROVED',
        });
        await write(event);
        expect((await h.eventFeed.read(account, { after: null, types: null, limit: 1 }))?.events).toEqual([event]);
      });
    });

    describe('WebhookRepository', () => {
      const endpoint = (accountId: string, events: EventType[] | null = null) => ({
        id: randomUUID(),
        accountId,
        url: `https://hooks.example.com/${randomUUID()}`,
        events,
        createdAt: new Date(AT.getTime() + Math.floor(Math.random() * 1000)),
        sealedSecret: 'v1.sealed',
      });

      it('adds endpoints up to the cap and lists them oldest first, without their secret', async () => {
        const h = harness();
        const { account } = await accountWithOutbox(h);
        const added = [];
        for (let i = 0; i < 3; i += 1) {
          const next = { ...endpoint(account, i === 0 ? null : ['pdv.done']), createdAt: new Date(AT.getTime() + i) };
          expect(await h.webhooks.add(next, 3)).toBe(true);
          added.push(next);
        }
        expect(await h.webhooks.add(endpoint(account), 3)).toBe(false);
        expect(await h.webhooks.list(account)).toEqual(added.map(({ sealedSecret: _secret, ...rest }) => rest));
        expect(await h.webhooks.list(await h.fixtures.account())).toEqual([]);
      });

      it('adds made at once never pass the cap', async () => {
        const h = harness();
        const { account } = await accountWithOutbox(h);
        const results = await Promise.all(Array.from({ length: 6 }, () => h.webhooks.add(endpoint(account), 4)));
        expect(results.filter(Boolean)).toHaveLength(4);
        expect(await h.webhooks.list(account)).toHaveLength(4);
      });

      it('each event written makes one pending delivery to each endpoint subscribed to its type, listed newest first', async () => {
        const h = harness();
        const { account, write } = await accountWithOutbox(h);
        const every = endpoint(account);
        const pdvOnly = endpoint(account, ['pdv.done']);
        await h.webhooks.add(every, 10);
        await h.webhooks.add(pdvOnly, 10);
        const [created, done] = [anEvent(account), anEvent(account, 'pdv.done')];
        await write(created);
        await write(done);

        const page = await h.webhooks.deliveries(account, every.id, { page: 1, itemsPerPage: 10 });
        expect(page).toEqual({
          total: 2,
          rows: [
            expect.objectContaining({ eventId: done.id, type: 'pdv.done', status: 'PENDING', attempt: 0, statusCode: null, lastAttemptAt: null }),
            expect.objectContaining({ eventId: created.id, type: 'demand.created', status: 'PENDING', attempt: 0 }),
          ],
        });
        expect(page?.rows[0].nextAttemptAt?.getTime()).toEqual(expect.any(Number));
        expect((await h.webhooks.deliveries(account, pdvOnly.id, { page: 1, itemsPerPage: 10 }))?.rows.map((d) => d.eventId)).toEqual([done.id]);
        expect(await h.webhooks.deliveries(account, every.id, { page: 2, itemsPerPage: 1 })).toEqual({ total: 2, rows: [expect.objectContaining({ eventId: created.id })] });
      });

      it('removing an endpoint removes its deliveries and stops new ones; another account can neither remove nor read it', async () => {
        const h = harness();
        const { account, write } = await accountWithOutbox(h);
        const other = await h.fixtures.account();
        const removed = endpoint(account);
        const kept = endpoint(account);
        await h.webhooks.add(removed, 10);
        await h.webhooks.add(kept, 10);
        await write(anEvent(account));

        expect(await h.webhooks.remove(other, removed.id)).toBe(false);
        expect(await h.webhooks.deliveries(other, removed.id, { page: 1, itemsPerPage: 10 })).toBeNull();
        expect(await h.webhooks.remove(account, removed.id)).toBe(true);
        expect(await h.webhooks.remove(account, removed.id)).toBe(false);
        await write(anEvent(account));

        expect(await h.webhooks.deliveries(account, removed.id, { page: 1, itemsPerPage: 10 })).toBeNull();
        expect((await h.webhooks.deliveries(account, kept.id, { page: 1, itemsPerPage: 10 }))?.total).toBe(2);
        expect((await h.webhooks.list(account)).map((w) => w.id)).toEqual([kept.id]);
      });

      it('a redelivery is a new pending delivery of an event of the account; an unknown event is null, an unknown endpoint not found', async () => {
        const h = harness();
        const { account, write } = await accountWithOutbox(h);
        const theirs = await accountWithOutbox(h);
        const hook = endpoint(account, ['pdv.done']);
        await h.webhooks.add(hook, 10);
        const event = anEvent(account);
        await write(event);
        const foreign = anEvent(theirs.account);
        await theirs.write(foreign);

        const at = new Date('2026-12-02T08:00:00.000Z');
        const deliveryId = randomUUID();
        const redelivery = await h.webhooks.redeliver(account, hook.id, event.id, deliveryId, at);
        expect(redelivery).toEqual({
          id: deliveryId,
          eventId: event.id,
          type: 'demand.created',
          status: 'PENDING',
          attempt: 0,
          statusCode: null,
          nextAttemptAt: at,
          lastAttemptAt: null,
          createdAt: at,
        });
        expect(await h.webhooks.deliveries(account, hook.id, { page: 1, itemsPerPage: 10 })).toEqual({ total: 1, rows: [redelivery] });
        expect(await h.webhooks.redeliver(account, hook.id, foreign.id, randomUUID(), at)).toBeNull();
        await expect(h.webhooks.redeliver(theirs.account, hook.id, foreign.id, randomUUID(), at)).rejects.toBeInstanceOf(NotFoundError);
      });
    });

    describe('DemandReadModel', () => {
      it("answers the demand as stored with its missions and the places taken; another account's id is like an unknown one", async () => {
        const h = harness();
        const account = await h.fixtures.account();
        const mainMission = await h.fixtures.mainMission(account, { checkInCheckOut: true, requiresForm: false });
        const stores = [await h.fixtures.store(account, true), await h.fixtures.store(account, true)];
        const input = aDemandInput({
          missionMainId: mainMission,
          scheduledAt: '2026-12-01T08:00:00-03:00',
          participants: 3,
          storesIds: stores,
          shifts: ['2026-12-01-08:00-17:00-0'],
          customFields: { fields: [{ field: 'uniform', value: 'azul' }] },
        });
        const demand = newDemand(account, input, 2);
        await h.demands.create(demand);
        const take = (isBuffer: boolean) => (mission: MissionPlaces) =>
          Participant.accept({ id: randomUUID(), muKey: `MU-${randomUUID().slice(0, 12)}`, mission, userName: 'Ana', isBuffer }, BEFORE_THE_DAY);
        await h.participants.accept(account, demand.missions[0].mbKey, take(false));
        await h.participants.accept(account, demand.missions[0].mbKey, take(true));
        const quitter = await h.participants.accept(account, demand.missions[0].mbKey, take(false));
        await h.participants.change(account, quitter.state.muKey, (p) => p.quit());
        expect(quitter.state.status).toBe(MissionStatus.WAITING);

        expect(await h.demandReads.find(account, demand.id)).toEqual({
          id: demand.id,
          missionMainId: mainMission,
          datePicked: '2026-12-01',
          scheduledAt: '2026-12-01T11:00:00.000Z',
          participants: 3,
          storesIds: stores,
          shifts: ['2026-12-01-08:00-17:00-0'],
          formId: null,
          formPdvId: null,
          custom_fields: { fields: [{ field: 'uniform', value: 'azul' }] },
          createdAt: demand.createdAt.toISOString(),
          missions: demand.missions.map((mission, i) => ({
            id: mission.id,
            mbKey: mission.mbKey,
            storeId: stores[i],
            missionDate: mission.missionDate.toISOString(),
            places: 3,
            placesTaken: i === 0 ? 1 : 0,
          })),
        });
        expect(await h.demandReads.find(await h.fixtures.account(), demand.id)).toBeNull();
        expect(await h.demandReads.find(account, randomUUID())).toBeNull();
      });
    });
  });
}
