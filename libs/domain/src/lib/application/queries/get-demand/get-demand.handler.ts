import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../not-found.errors';
import { DemandReadModel } from './demand.read-model.port';
import { type DemandView, GetDemandQuery } from './get-demand.query';

@QueryHandler(GetDemandQuery)
export class GetDemandHandler implements IQueryHandler<GetDemandQuery> {
  constructor(private readonly demands: DemandReadModel) {}

  async execute({ accountId, demandId }: GetDemandQuery): Promise<DemandView> {
    const demand = await this.demands.find(accountId, demandId);
    if (demand === null) throw NotFoundError.demand(demandId);
    return demand;
  }
}
