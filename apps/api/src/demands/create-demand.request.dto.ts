import { DEMAND_LIMITS, parseShifts } from '@mwr/domain';
import {
  IsInt,
  IsOptional,
  IsUUID,
  Max,
  Min,
  Validate,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { CalendarDate, DateTimeWithOffset } from '../http/validators';

/** The domain's shift parser is the one judge of the shift format, so both layers agree. */
@ValidatorConstraint({ name: 'shifts' })
class Shifts implements ValidatorConstraintInterface {
  private problem = '';

  validate(value: unknown) {
    if (!Array.isArray(value) || value.length > DEMAND_LIMITS.shiftsMax) {
      this.problem = `shifts must be an array of at most ${DEMAND_LIMITS.shiftsMax} strings in the form day-start-end-index`;
      return false;
    }
    if (value.some((item) => typeof item !== 'string')) {
      this.problem = 'shifts must hold strings in the form day-start-end-index';
      return false;
    }
    try {
      parseShifts(value);
      return true;
    } catch (error) {
      this.problem = (error as Error).message;
      return false;
    }
  }

  defaultMessage(_args: ValidationArguments) {
    return this.problem;
  }
}

/** One validator, so the checks run in a fixed order and report the first problem found. */
@ValidatorConstraint({ name: 'storesIds' })
class StoresIds implements ValidatorConstraintInterface {
  private problem = '';

  validate(value: unknown) {
    this.problem = storesIdsProblem(value) ?? '';
    return this.problem === '';
  }

  defaultMessage() {
    return this.problem;
  }
}

function storesIdsProblem(value: unknown): string | null {
  if (!Array.isArray(value) || value.length > DEMAND_LIMITS.storesMax) {
    return `storesIds must be an array of at most ${DEMAND_LIMITS.storesMax} distinct positive integers`;
  }
  if (!value.every((id) => Number.isInteger(id) && id > 0 && id <= DEMAND_LIMITS.storeIdMax)) {
    return 'storesIds must hold positive integers';
  }
  if (new Set(value).size !== value.length) return 'storesIds must not repeat a store';
  return null;
}

const PARTICIPANTS = {
  message: `participants must be an integer from ${DEMAND_LIMITS.participantsMin} to ${DEMAND_LIMITS.participantsMax}`,
};
const UUID = (field: string) => ({ message: `${field} must be a UUID` });

/** Shape and format of `POST /v1/missions/demands` (spec 2.1, contract section 5). */
export class CreateDemandRequestDto {
  @IsUUID('all', UUID('missionMainId'))
  missionMainId!: string;

  @Validate(CalendarDate, { message: 'datePicked must be a calendar date in the form YYYY-MM-DD' })
  datePicked!: string;

  @IsOptional()
  @Validate(DateTimeWithOffset, { message: 'scheduledAt must be an ISO 8601 date-time with offset' })
  scheduledAt?: string | null;

  @IsInt(PARTICIPANTS)
  @Min(DEMAND_LIMITS.participantsMin, PARTICIPANTS)
  @Max(DEMAND_LIMITS.participantsMax, PARTICIPANTS)
  participants!: number;

  @IsOptional()
  @Validate(StoresIds)
  storesIds?: number[] | null;

  @IsOptional()
  @Validate(Shifts)
  shifts?: string[] | null;

  @IsOptional()
  @IsUUID('all', UUID('formId'))
  formId?: string | null;

  @IsOptional()
  @IsUUID('all', UUID('formPdvId'))
  formPdvId?: string | null;

  // Never filled by class-transformer, which turns free keys such as `constructor` or `__proto__`
  // into errors or data loss: DemandBodyPipe checks the raw value with customFieldsProblem.
  custom_fields?: Record<string, unknown>;
}

export const DEMAND_FIELDS: readonly string[] = [
  'missionMainId',
  'datePicked',
  'scheduledAt',
  'participants',
  'storesIds',
  'shifts',
  'formId',
  'formPdvId',
  'custom_fields',
];
