import { DEMAND_LIMITS, isCalendarDate, isIsoDateTimeWithOffset, parseShifts } from '@mwr/domain';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsInt,
  IsOptional,
  IsPositive,
  IsUUID,
  Max,
  Min,
  Validate,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';

@ValidatorConstraint({ name: 'calendarDate' })
class CalendarDate implements ValidatorConstraintInterface {
  validate(value: unknown) {
    return typeof value === 'string' && isCalendarDate(value);
  }
}

@ValidatorConstraint({ name: 'dateTimeWithOffset' })
class DateTimeWithOffset implements ValidatorConstraintInterface {
  validate(value: unknown) {
    return typeof value === 'string' && isIsoDateTimeWithOffset(value);
  }
}

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

@ValidatorConstraint({ name: 'customFields' })
class CustomFields implements ValidatorConstraintInterface {
  validate(value: unknown) {
    return (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Buffer.byteLength(JSON.stringify(value), 'utf8') <= DEMAND_LIMITS.customFieldsMaxBytes
    );
  }
}

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

  @IsInt({ message: `participants must be an integer from ${DEMAND_LIMITS.participantsMin} to ${DEMAND_LIMITS.participantsMax}` })
  @Min(DEMAND_LIMITS.participantsMin, { message: `participants must be an integer from ${DEMAND_LIMITS.participantsMin} to ${DEMAND_LIMITS.participantsMax}` })
  @Max(DEMAND_LIMITS.participantsMax, { message: `participants must be an integer from ${DEMAND_LIMITS.participantsMin} to ${DEMAND_LIMITS.participantsMax}` })
  participants!: number;

  @IsOptional()
  @IsArray({ message: `storesIds must be an array of at most ${DEMAND_LIMITS.storesMax} distinct positive integers` })
  @ArrayMaxSize(DEMAND_LIMITS.storesMax, { message: `storesIds must be an array of at most ${DEMAND_LIMITS.storesMax} distinct positive integers` })
  @IsInt({ each: true, message: 'storesIds must hold positive integers' })
  @IsPositive({ each: true, message: 'storesIds must hold positive integers' })
  @ArrayUnique({ message: 'storesIds must not repeat a store' })
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

  @IsOptional()
  @Validate(CustomFields, {
    message: `custom_fields must be a JSON object of at most ${DEMAND_LIMITS.customFieldsMaxBytes / 1024} KiB`,
  })
  custom_fields?: Record<string, unknown> | null;
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
