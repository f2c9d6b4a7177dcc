import { Query } from '@nestjs/cqrs';

export interface DemandMissionView {
  id: string;
  mbKey: string;
  storeId: number | null;
  missionDate: string;
  places: number;
  /** Places held: participants that are not buffers and did not quit or get removed. */
  placesTaken: number;
}

/** A demand as stored, in the request's own field names, with the missions it created. */
export interface DemandView {
  id: string;
  missionMainId: string;
  datePicked: string;
  scheduledAt: string | null;
  participants: number;
  storesIds: number[];
  shifts: string[];
  formId: string | null;
  formPdvId: string | null;
  custom_fields: Record<string, unknown> | null;
  createdAt: string;
  missions: DemandMissionView[];
}

export class GetDemandQuery extends Query<DemandView> {
  constructor(
    readonly accountId: string,
    readonly demandId: string,
  ) {
    super();
  }
}
