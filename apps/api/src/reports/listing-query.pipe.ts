import type { PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { RequestError } from '../http/request-error';

export const INVALID_QUERY = 'Invalid query params';

type DtoClass<T> = new () => T;

export interface ListingQueryRules<T> {
  dto: DtoClass<T>;
  /** Every parameter the listing knows; any other is refused. */
  parameters: readonly (keyof T & string)[];
  /** Parameters that must be present, and the contract's message when one is missing. */
  required?: { names: readonly (keyof T & string)[]; message: string };
  /** The contract's message for a bad value of a given parameter, where it names one. */
  messages?: Partial<Record<keyof T & string, string>>;
  /** Checks across parameters, after each one is valid on its own; answers a message or null. */
  check?: (query: T) => string | null;
}

/**
 * Contract section 4: unknown and repeated parameters first, then the required ones, then each
 * value's type and bounds (a NUL byte first, then class-validator on the listing's DTO), then
 * checks across parameters.
 */
export class ListingQueryPipe<T extends object> implements PipeTransform<Record<string, unknown>, T> {
  constructor(private readonly rules: ListingQueryRules<T>) {}

  transform(raw: Record<string, unknown>): T {
    const { dto, parameters, required, messages, check } = this.rules;
    const query = raw ?? {};
    for (const [name, value] of Object.entries(query)) {
      if (!parameters.includes(name as keyof T & string) || typeof value !== 'string') throw RequestError.invalid(INVALID_QUERY);
    }
    if (required?.names.some((name) => query[name] === undefined)) throw RequestError.invalid(required.message);
    // PostgreSQL text cannot hold U+0000, so such a value would fail in SQL instead of matching
    // nothing; it is a malformed value of its parameter, answered as any other.
    const withNul = Object.keys(query).find((name) => (query[name] as string).includes('\u0000'));
    if (withNul !== undefined) throw RequestError.invalid(messages?.[withNul as keyof T & string] ?? INVALID_QUERY);

    const instance = plainToInstance(dto, query, { enableImplicitConversion: false });
    const [first] = validateSync(instance as object, { stopAtFirstError: true, forbidUnknownValues: false });
    if (first) throw RequestError.invalid(messages?.[first.property as keyof T & string] ?? INVALID_QUERY);
    const problem = check?.(instance) ?? null;
    if (problem !== null) throw RequestError.invalid(problem);
    return instance;
  }
}

class NoParameters {}

/** For operations that take no query parameter: any one is unknown (contract section 7, as section 3). */
export const noQueryParameters = new ListingQueryPipe({ dto: NoParameters, parameters: [] });
