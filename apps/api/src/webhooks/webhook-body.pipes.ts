import { Injectable, type PipeTransform } from '@nestjs/common';
import { WEBHOOK_EVENTS_MESSAGE, type WebhookInput } from '@mwr/domain';
import { RequestError } from '../http/request-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The body as a JSON object with no field but `known`; the contract's order: required, unknown, formats. */
function objectBody(body: unknown, required: string, known: readonly string[]): Record<string, unknown> {
  if (body === undefined) throw RequestError.invalid(`${required} is required`);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw RequestError.invalid('Request body must be a JSON object');
  const fields = body as Record<string, unknown>;
  if (fields[required] === undefined || fields[required] === null) throw RequestError.invalid(`${required} is required`);
  const unknown = Object.keys(fields).filter((name) => !known.includes(name));
  if (unknown.length > 0) throw RequestError.invalid(`Unknown field: ${unknown.join(', ')}`);
  return fields;
}

/** `POST /v1/webhooks`: `{"url", "events"?}`. The domain judges the URL (it resolves the host) and the event types. */
@Injectable()
export class WebhookBodyPipe implements PipeTransform<unknown, WebhookInput> {
  transform(body: unknown): WebhookInput {
    const { url, events } = objectBody(body, 'url', ['url', 'events']);
    if (typeof url !== 'string') throw RequestError.invalid('url must be a string');
    if (events === undefined || events === null) return { url, events: null };
    if (!Array.isArray(events) || !events.every((type) => typeof type === 'string')) throw RequestError.invalid(WEBHOOK_EVENTS_MESSAGE);
    return { url, events: events as string[] };
  }
}

/** `POST /v1/webhooks/{id}/deliveries`: `{"eventId"}`, the event to send again. */
@Injectable()
export class RedeliveryBodyPipe implements PipeTransform<unknown, string> {
  transform(body: unknown): string {
    const { eventId } = objectBody(body, 'eventId', ['eventId']);
    if (typeof eventId !== 'string' || !UUID.test(eventId)) throw RequestError.invalid('eventId must be a UUID');
    return eventId.toLowerCase();
  }
}
