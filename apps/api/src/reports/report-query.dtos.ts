import { MISSION_STATUSES, REPORT_LIMITS } from '@mwr/domain';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Length, Max, Min, Validate } from 'class-validator';
import { CalendarDate, strictInteger } from '../http/validators';

// Shapes of the five listings' query strings (contract section 4). Values arrive as text; integers
// are converted strictly. Bounds come from the domain so both layers agree.

/** MB and MU keys are short; anything longer cannot match one. */
export const KEY_MAX_LENGTH = 64;

/** `page` and `itemsPerPage`, as every paged listing takes them. */
export class PageQueryDto {
  @IsOptional()
  @Transform(strictInteger)
  @IsInt()
  @Min(1)
  page?: number;

  @IsOptional()
  @Transform(strictInteger)
  @IsInt()
  @Min(1)
  @Max(REPORT_LIMITS.itemsPerPageMax)
  itemsPerPage?: number;
}

class PagedQuery extends PageQueryDto {
  @IsOptional()
  @Length(1, KEY_MAX_LENGTH)
  mbKey?: string;

  @IsOptional()
  @Length(1, KEY_MAX_LENGTH)
  muKey?: string;
}

class OptionalPeriodQuery extends PagedQuery {
  @IsOptional()
  @Validate(CalendarDate)
  startedAt?: string;

  @IsOptional()
  @Validate(CalendarDate)
  endedAt?: string;
}

export class FormAnswersQueryDto {
  @Validate(CalendarDate)
  initialDate!: string;

  @Validate(CalendarDate)
  finalDate!: string;

  @Transform(strictInteger)
  @IsInt()
  @Min(1)
  page!: number;

  @Transform(strictInteger)
  @IsInt()
  @Min(1)
  formId!: number;
}

export class WorkforceQueryDto extends OptionalPeriodQuery {
  @IsOptional()
  @Transform(strictInteger)
  @IsIn(MISSION_STATUSES)
  status?: number;

  @IsOptional()
  @Length(1, REPORT_LIMITS.searchMaxLength)
  search?: string;
}

export class DeliveriesQueryDto extends PagedQuery {
  @Validate(CalendarDate)
  startedAt!: string;

  @Validate(CalendarDate)
  endedAt!: string;

  @IsOptional()
  @Transform(strictInteger)
  @IsIn([1, 2])
  progress?: number;
}

export class PdvQueryDto extends PagedQuery {
  @Validate(CalendarDate)
  startedAt!: string;

  @Validate(CalendarDate)
  endedAt!: string;

  @IsOptional()
  @Length(1, REPORT_LIMITS.searchMaxLength)
  search?: string;
}

export class RegistersQueryDto extends OptionalPeriodQuery {
  @IsOptional()
  @Length(1, REPORT_LIMITS.searchMaxLength)
  search?: string;
}
