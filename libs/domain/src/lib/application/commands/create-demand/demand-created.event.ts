export class DemandCreatedEvent {
  constructor(
    readonly accountId: string,
    readonly demandId: string,
    readonly missionMainId: string,
    readonly mbKeys: readonly string[],
    readonly occurredAt: Date,
  ) {}
}
