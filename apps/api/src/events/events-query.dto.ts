import { EVENT_FEED_LIMITS, isEventType } from '@mwr/domain';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Max, Min, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { strictInteger } from '../http/validators';

/** A comma-separated list of known event types, none empty. */
@ValidatorConstraint({ name: 'eventTypes' })
export class EventTypeList implements ValidatorConstraintInterface {
  validate(value: unknown) {
    return typeof value === 'string' && value.split(',').every(isEventType);
  }
}

/** `GET /v1/events`; every bad value answers `Invalid query params` (contract section 3). */
export class EventsQueryDto {
  @IsOptional()
  @IsUUID('all')
  after?: string;

  @IsOptional()
  @Validate(EventTypeList)
  types?: string;

  @IsOptional()
  @Transform(strictInteger)
  @IsInt()
  @Min(1)
  @Max(EVENT_FEED_LIMITS.limitMax)
  limit?: number;
}
