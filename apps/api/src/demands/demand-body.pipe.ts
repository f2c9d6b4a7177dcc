import { Injectable, type PipeTransform } from '@nestjs/common';
import type { DemandInput } from '@mwr/domain';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { RequestError } from '../http/request-error';
import { CreateDemandRequestDto, DEMAND_FIELDS } from './create-demand.request.dto';

const REQUIRED = ['missionMainId', 'datePicked', 'participants'] as const;

/** Contract section 5 order: required fields (the spec's message), then unknown fields, then formats. */
@Injectable()
export class DemandBodyPipe implements PipeTransform<unknown, DemandInput> {
  transform(body: unknown): DemandInput {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw RequestError.invalid('Request body must be a JSON object');
    }
    const fields = body as Record<string, unknown>;
    if (REQUIRED.some((name) => fields[name] === undefined || fields[name] === null)) {
      throw RequestError.invalid('missionMainId, datePicked and participants are required');
    }
    const unknown = Object.keys(fields).filter((name) => !DEMAND_FIELDS.includes(name));
    if (unknown.length > 0) throw RequestError.invalid(`Unknown field: ${unknown.join(', ')}`);

    const dto = plainToInstance(CreateDemandRequestDto, fields, { enableImplicitConversion: false });
    const [first] = validateSync(dto, { stopAtFirstError: true, forbidUnknownValues: false });
    if (first) throw RequestError.invalid(Object.values(first.constraints ?? {})[0] ?? `${first.property} is invalid`);

    return {
      missionMainId: dto.missionMainId.toLowerCase(),
      datePicked: dto.datePicked,
      scheduledAt: dto.scheduledAt ?? null,
      participants: dto.participants,
      storesIds: dto.storesIds ?? [],
      shifts: dto.shifts ?? [],
      formId: dto.formId?.toLowerCase() ?? null,
      formPdvId: dto.formPdvId?.toLowerCase() ?? null,
      customFields: dto.custom_fields ?? null,
    };
  }
}
