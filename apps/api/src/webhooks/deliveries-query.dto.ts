import { REPORT_LIMITS } from '@mwr/domain';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { strictInteger } from '../http/validators';

/** `GET /v1/webhooks/{id}/deliveries`: pages as the listings do (contract section 4). */
export class DeliveriesPageQueryDto {
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
