import { inMemoryHarness, newDemand } from '../../../../testing';
import { aDemandInput } from '../../../../testing/object-mothers';
import { NotFoundError } from '../../not-found.errors';
import { GetDemandHandler } from './get-demand.handler';
import { GetDemandQuery } from './get-demand.query';

describe('GetDemandHandler', () => {
  it("answers the account's demand; another account's id is NotFoundError, exactly like an unknown one", async () => {
    const h = inMemoryHarness();
    const [account, other] = [await h.fixtures.account(), await h.fixtures.account()];
    const demand = newDemand(account, aDemandInput());
    await h.demands.create(demand);
    const handler = new GetDemandHandler(h.demandReads);

    expect(await handler.execute(new GetDemandQuery(account, demand.id))).toMatchObject({ id: demand.id, missions: [{ mbKey: demand.missions[0].mbKey }] });
    for (const [owner, id] of [[other, demand.id], [account, 'no-such-demand']]) {
      await expect(handler.execute(new GetDemandQuery(owner, id))).rejects.toEqual(NotFoundError.demand(id));
    }
  });
});
