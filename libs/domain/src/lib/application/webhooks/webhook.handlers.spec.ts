import { inMemoryHarness, newDemand } from '../../../testing';
import { aDemandInput } from '../../../testing/object-mothers';
import { FixedClock, SequentialKeys } from '../../../testing/test-doubles';
import type { CredentialsConfig } from '../credentials/secret-hasher';
import { newEvent } from '../events/domain-event';
import { NotFoundError } from '../not-found.errors';
import {
  CreateWebhookCommand,
  ListWebhookDeliveriesQuery,
  ListWebhooksQuery,
  RedeliverEventCommand,
  RemoveWebhookCommand,
  type WebhookInput,
} from './webhook.commands';
import {
  CreateWebhookHandler,
  ListWebhookDeliveriesHandler,
  ListWebhooksHandler,
  RedeliverEventHandler,
  RemoveWebhookHandler,
  WebhookRuleError,
} from './webhook.handlers';
import { WebhookSecretBox } from './webhook-secret';
import { HostResolver, InvalidWebhookError } from './webhook-url';

const NOW = new Date('2026-12-01T12:00:00.000Z');
const PEPPER = 'a-server-side-pepper-of-32-chars!';

class PublicResolver extends HostResolver {
  async resolve(): Promise<string[]> {
    return ['93.184.215.14'];
  }
}

async function setup() {
  const h = inMemoryHarness();
  const keys = new SequentialKeys();
  const clock = new FixedClock(NOW);
  const credentials: CredentialsConfig = { pepper: PEPPER };
  const create = new CreateWebhookHandler(h.webhooks, new PublicResolver(), { allowLoopback: false }, keys, clock, credentials);
  const account = await h.fixtures.account();
  const add = (input: Partial<WebhookInput> = {}, owner = account) =>
    create.execute(new CreateWebhookCommand(owner, { url: 'https://hooks.example.com/in', events: null, ...input }));
  const writeEvent = async (id: string) => {
    await h.demands.create({ ...newDemand(account, aDemandInput()), events: [newEvent('demand.created', { id, accountId: account, occurredAt: NOW }, {} as never)] });
  };
  return {
    ...h,
    account,
    add,
    writeEvent,
    list: (owner = account) => new ListWebhooksHandler(h.webhooks).execute(new ListWebhooksQuery(owner)),
    remove: (id: string, owner = account) => new RemoveWebhookHandler(h.webhooks).execute(new RemoveWebhookCommand(owner, id)),
    deliveries: (id: string, owner = account) =>
      new ListWebhookDeliveriesHandler(h.webhooks).execute(new ListWebhookDeliveriesQuery(owner, id, { page: 1, itemsPerPage: 10 })),
    redeliver: (id: string, eventId: string, owner = account) =>
      new RedeliverEventHandler(h.webhooks, keys, clock).execute(new RedeliverEventCommand(owner, id, eventId)),
  };
}

describe('webhook handlers', () => {
  it('a new webhook answers `{id, url, events, secret, createdAt}`: every type is `["*"]`, and the secret is kept sealed under the pepper', async () => {
    const { db, add } = await setup();
    const created = await add();
    expect(created).toEqual({
      id: '00000000-0000-4000-8000-000000000001',
      url: 'https://hooks.example.com/in',
      events: ['*'],
      secret: expect.stringMatching(/^whsec_/),
      createdAt: NOW.toISOString(),
    });
    expect(db.webhooks[0].events).toBeNull();
    expect(db.webhooks[0].sealedSecret).not.toContain(created.secret.slice(6));
    expect(new WebhookSecretBox(PEPPER).open(db.webhooks[0].sealedSecret)).toBe(created.secret);
  });

  it('the secret is shown only at creation: the list never carries it', async () => {
    const { add, list } = await setup();
    const created = await add({ events: ['pdv.done', 'delivery.finished'] });
    expect(await list()).toEqual([{ id: created.id, url: created.url, events: ['pdv.done', 'delivery.finished'], createdAt: created.createdAt }]);
  });

  it.each([[[]], [['pdv.done', 'pdv.done']], [['pdv.done', 'no.such']], [['*', 'pdv.done']]])('refuses events %j', async (events) => {
    const { add, db } = await setup();
    await expect(add({ events })).rejects.toBeInstanceOf(InvalidWebhookError);
    expect(db.webhooks).toEqual([]);
  });

  it('"at most 10 endpoints per account": the 11th is refused (422), another account still may add', async () => {
    const { add, fixtures, db } = await setup();
    for (let i = 0; i < 10; i += 1) await add();
    const error = await add().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WebhookRuleError);
    expect(error).toMatchObject({ kind: 'rule', code: 'WEBHOOK_LIMIT', message: 'An account may have at most 10 webhooks' });
    await add({}, await fixtures.account());
    expect(db.webhooks).toHaveLength(11);
  });

  it("removing or reading another account's webhook is NotFoundError, exactly like an unknown one", async () => {
    const { add, remove, deliveries, fixtures } = await setup();
    const created = await add();
    const other = await fixtures.account();
    for (const attempt of [() => remove(created.id, other), () => deliveries(created.id, other), () => remove('unknown')]) {
      await expect(attempt()).rejects.toBeInstanceOf(NotFoundError);
    }
    await remove(created.id);
    await expect(remove(created.id)).rejects.toMatchObject({ code: 'WEBHOOK_NOT_FOUND' });
  });

  it('deliveries are listed newest first; a redelivery is a new pending one, of an event of the account only', async () => {
    const { add, writeEvent, deliveries, redeliver } = await setup();
    const created = await add();
    await writeEvent('event-1');
    await writeEvent('event-2');
    const again = await redeliver(created.id, 'event-1');
    expect(again).toEqual({
      id: expect.any(String),
      eventId: 'event-1',
      type: 'demand.created',
      status: 'PENDING',
      attempt: 0,
      statusCode: null,
      nextAttemptAt: NOW.toISOString(),
      lastAttemptAt: null,
      createdAt: NOW.toISOString(),
    });
    const page = await deliveries(created.id);
    expect(page).toMatchObject({ total: 3, page: 1, itemsPerPage: 10 });
    expect(page.data.map((d) => d.eventId)).toEqual(['event-1', 'event-2', 'event-1']);
    await expect(redeliver(created.id, 'no-such-event')).rejects.toMatchObject({ kind: 'rule', code: 'UNKNOWN_EVENT' });
  });
});
