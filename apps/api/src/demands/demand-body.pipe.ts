import { Injectable, type PipeTransform } from '@nestjs/common';
import type { DemandInput } from '@mwr/domain';
import { validateSync } from 'class-validator';
import { RequestError } from '../http/request-error';
import { CreateDemandRequestDto, DEMAND_FIELDS } from './create-demand.request.dto';
import { customFieldsProblem } from './custom-fields';

const REQUIRED = ['missionMainId', 'datePicked', 'participants'] as const;
const MAX_NAME_ECHOED = 64;

function shortened(name: string): string {
  const characters = [...name];
  return characters.length <= MAX_NAME_ECHOED ? name : `${characters.slice(0, MAX_NAME_ECHOED).join('')}…`;
}

/** Contract section 5 order: required fields (the spec's message), then unknown fields, then formats. */
@Injectable()
export class DemandBodyPipe implements PipeTransform<unknown, DemandInput> {
  transform(body: unknown): DemandInput {
    // A JSON request without a body has sent none of the required fields.
    if (body === undefined) throw RequestError.invalid('missionMainId, datePicked and participants are required');
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw RequestError.invalid('Request body must be a JSON object');
    }
    const fields = body as Record<string, unknown>;
    if (REQUIRED.some((name) => fields[name] === undefined || fields[name] === null)) {
      throw RequestError.invalid('missionMainId, datePicked and participants are required');
    }
    // The first unknown field only, and only its start: an error message is no place to echo a body.
    const unknown = Object.keys(fields).find((name) => !DEMAND_FIELDS.includes(name));
    if (unknown !== undefined) throw RequestError.invalid(`Unknown field: ${shortened(unknown)}`);

    // custom_fields holds free keys (`constructor`, `__proto__`) that an object copy would mangle,
    // so it is judged and kept exactly as parsed. The other fields are only validated, never
    // transformed; class-transformer's recursive copy would overflow the stack on a deeply nested
    // value, so they are assigned as they are.
    const { custom_fields: customFields, ...typed } = fields;
    const dto = Object.assign(new CreateDemandRequestDto(), typed);
    const [first] = validateSync(dto, { stopAtFirstError: true, forbidUnknownValues: false });
    if (first) throw RequestError.invalid(Object.values(first.constraints ?? {})[0] ?? `${first.property} is invalid`);
    const customFieldsError = customFields === undefined ? null : customFieldsProblem(customFields);
    if (customFieldsError !== null) throw RequestError.invalid(customFieldsError);

    return {
      missionMainId: dto.missionMainId.toLowerCase(),
      datePicked: dto.datePicked,
      scheduledAt: dto.scheduledAt ?? null,
      participants: dto.participants,
      storesIds: dto.storesIds ?? [],
      shifts: dto.shifts ?? [],
      formId: dto.formId?.toLowerCase() ?? null,
      formPdvId: dto.formPdvId?.toLowerCase() ?? null,
      customFields: (customFields as Record<string, unknown> | undefined) ?? null,
    };
  }
}
