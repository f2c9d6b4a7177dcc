import {
  DEMAND_LIMITS,
  type DeliveryFinishedData,
  type DemandCreatedData,
  type DemandMissionView,
  type DemandView,
  EVENT_FEED_LIMITS,
  EVENT_TYPES,
  type EventItem,
  type EventsPage,
  type EventType,
  type ParticipantStatusChangedData,
  type PdvDoneData,
  type RegisterEventData,
  WEBHOOK_EVENTS_MESSAGE,
  WEBHOOK_LIMITS,
  type WebhookDeliveryView,
  type WebhookView,
  type DeliveryResultItem,
  type DeliveryStopEntry,
  type FormAnswerItem,
  type FormsDataEntry,
  MISSION_STATUSES,
  missionStatusName,
  type Page,
  type PdvEntry,
  type PdvResultItem,
  type RegisterResultItem,
  REPORT_LIMITS,
  type WorkforceBlock,
  type WorkforceResultItem,
} from '@mwr/domain';
import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger';
import type { CreateDemandRequestDto } from '../demands/create-demand.request.dto';
import type { EventsQueryDto } from '../events/events-query.dto';
import type {
  DeliveriesQueryDto,
  FormAnswersQueryDto,
  PageQueryDto,
  PdvQueryDto,
  RegistersQueryDto,
  WorkforceQueryDto,
} from '../reports/report-query.dtos';
import { QUERY_INTEGER_MAX } from '../http/validators';
import { KEY_MAX_LENGTH } from '../reports/report-query.dtos';

// The document is written by hand rather than generated from decorators: the service validates
// with its own pipes, and the bounds below come from the same constants those pipes use. The
// mapped types tie every item schema to its domain interface and every parameter list to its
// query DTO, so a field added on either side without the other fails the type check; the tests
// then compare the document with what the running service accepts and answers.

/** JSON Schema 2020-12 keywords OpenAPI 3.1 allows and @nestjs/swagger's SchemaObject lacks. */
type Schema = SchemaObject & {
  const?: unknown;
  if?: Schema;
  then?: Schema;
  else?: Schema;
  not?: Schema;
  allOf?: (Schema | ReferenceObject)[];
};


const ref = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

const dateTime = (description?: string): Schema => ({ type: 'string', format: 'date-time', ...(description ? { description } : {}) });
const nullableDateTime = (description: string): Schema => ({ type: ['string', 'null'], format: 'date-time', description });
const uuid = (description?: string): Schema => ({ type: 'string', format: 'uuid', ...(description ? { description } : {}) });
const text = (description?: string): Schema => ({ type: 'string', ...(description ? { description } : {}) });
const flag = (description: string): Schema => ({ type: 'boolean', description });

type Fields<T> = { [K in keyof T]-?: Schema | ReferenceObject };
type OptionalKeys<T> = { [K in keyof T]-?: Partial<Pick<T, K>> extends Pick<T, K> ? K : never }[keyof T];
/** Optional keys must all be named, so a new optional field cannot silently become required. */
type OptionalArgument<T> = [OptionalKeys<T>] extends [never] ? [] : [optional: Record<OptionalKeys<T>, true>];

/** Closed object: every field of T, no other; each field required unless T makes it optional. */
function closedObject<T>(description: string, properties: Fields<T>, ...[optional]: OptionalArgument<T>): Schema {
  const absentable = Object.keys(optional ?? {});
  return {
    type: 'object',
    description,
    additionalProperties: false,
    required: Object.keys(properties).filter((name) => !absentable.includes(name)),
    properties,
  };
}

const missionKeys = {
  mb_key: text('MB key: identifies one mission, e.g. `MB-7K2Q9X`.'),
  mu_key: text("MU key: identifies one participant's record on a mission, e.g. `MU-4HZP1C`."),
};

const STATUS_NAMES = MISSION_STATUSES.map((status) => `${status} ${missionStatusName(status)}`).join(', ');

const deliveryStopFields: Fields<DeliveryStopEntry> = {
  delivery_id: uuid('Identifier of the stop.'),
  type: { type: 'string', enum: ['COLLECTION', 'DELIVERY'] },
  progress: { type: 'integer', enum: [1, 2], description: '1 started, 2 finished.' },
  place_name: text(),
  address: text(),
  identifier: text(),
  started_at: dateTime(),
  finished_at: nullableDateTime('Null while the stop is started (progress 1).'),
  updated_at: dateTime(),
};

const pdvData: Schema = {
  type: 'object',
  additionalProperties: true,
  description: 'The stored JSON of the point-of-sale record, as the field team saved it.',
};

const flagBlocks: [flag: keyof RegisterResultItem, block: keyof RegisterResultItem][] = [
  ['has_pos', 'pdv'],
  ['has_forms', 'forms_data'],
  ['check_in_check_out', 'workforce'],
  ['has_delivery_places', 'delivery'],
];

const registerResultItem: Schema = {
  ...closedObject<RegisterResultItem>(
    'An APPROVED register with the blocks its main mission flags ask for. Each block is present exactly when its flag is true and absent (no key) when false.',
    {
      register_id: uuid(),
      register_updated_at: dateTime('Last update of the register; the period filter applies to it.'),
      mission_id: uuid(),
      missions_main_id: uuid(),
      ...missionKeys,
      mission: text('Mission name.'),
      identifier: text(),
      has_pos: flag('When true the item carries `pdv`; when false it has no `pdv` key.'),
      has_forms: flag('When true the item carries `forms_data`; when false it has no `forms_data` key.'),
      check_in_check_out: flag('When true the item carries `workforce`; when false it has no `workforce` key.'),
      has_delivery_places: flag('When true the item carries `delivery`; when false it has no `delivery` key.'),
      pdv: { type: 'array', items: ref('PdvEntry'), description: 'Present exactly when `has_pos` is true: the point-of-sale entries whose status is DONE.' },
      forms_data: { type: 'array', items: ref('FormsDataEntry'), description: 'Present exactly when `has_forms` is true.' },
      workforce: { ...ref('WorkforceBlock'), description: 'Present exactly when `check_in_check_out` is true.' },
      delivery: { type: 'array', items: ref('DeliveryStopEntry'), description: "Present exactly when `has_delivery_places` is true: the register's stops." },
    },
    { pdv: true, forms_data: true, workforce: true, delivery: true },
  ),
  // The flag rule, in the schema itself so that validators enforce it and not only the prose.
  allOf: flagBlocks.map(([flagName, block]) => ({
    if: { properties: { [flagName]: { const: true } } },
    then: { required: [block] },
    else: { not: { required: [block] } },
  })),
};

function pageOf(item: string, description: string, itemsPerPage: Schema): Schema {
  return closedObject<Page<unknown>>(description, {
    total: { type: 'integer', minimum: 0, description: 'Exact number of matching items; a page past the end still carries it.' },
    page: { type: 'integer', minimum: 1 },
    itemsPerPage,
    data: { type: 'array', items: ref(item), maxItems: REPORT_LIMITS.itemsPerPageMax, description: 'Empty for a page past the end.' },
  });
}

const ITEMS_PER_PAGE: Schema = { type: 'integer', minimum: 1, maximum: REPORT_LIMITS.itemsPerPageMax };

const statusCode = (description: string): Schema => ({ type: 'integer', enum: [...MISSION_STATUSES], description: `${description}: ${STATUS_NAMES}.` });
const statusName = (description: string): Schema => ({ type: 'string', enum: MISSION_STATUSES.map(missionStatusName), description });
const EVENT_KEYS = {
  muKey: text("MU key of the participant's record."),
  mbKey: text('MB key of the mission.'),
};
const registerEventData = (description: string, statuses: string[]) =>
  closedObject<RegisterEventData>(description, {
    registerId: uuid(),
    ...EVENT_KEYS,
    identifier: text('Identifier of the register.'),
    status: { type: 'string', enum: statuses },
  });

/** The `data` of each event type, by the name of its schema. */
const EVENT_DATA: Record<EventType, [name: string, schema: Schema]> = {
  'demand.created': [
    'DemandCreatedData',
    closedObject<DemandCreatedData>('A demand was created, with its missions.', {
      demandId: uuid('Read it at `/v1/missions/demands/{demandId}`.'),
      missionMainId: uuid(),
      missions: {
        type: 'array',
        minItems: 1,
        items: closedObject<DemandCreatedData['missions'][number]>('A mission of the demand.', {
          mbKey: text('MB key of the mission.'),
          storeId: { type: ['integer', 'null'], minimum: 1 },
          missionDate: dateTime(),
          places: { type: 'integer', minimum: 1 },
        }),
      },
    }),
  ],
  'participant.status_changed': [
    'ParticipantStatusChangedData',
    closedObject<ParticipantStatusChangedData>(
      "One transition of a participant's status (contract section 6). Check-in carries `isSla`, check-out `storeDuration`, scheduling `scheduledFor`.",
      {
        ...EVENT_KEYS,
        from: statusCode('Status before'),
        fromName: statusName('Name of `from`.'),
        to: statusCode('Status after'),
        toName: statusName('Name of `to`.'),
        at: dateTime('When it happened: the check-in or check-out time given, else when it was recorded.'),
        isSla: flag('Only on check-in (to 1 STARTED): check-in no later than the shift start plus the SLA tolerance.'),
        storeDuration: { type: 'string', pattern: '^\\d{2,}:[0-5]\\d:[0-5]\\d$', description: 'Only on check-out (to 2 FINISHED or 7 INCOMPLETED): HH:MM:SS.' },
        scheduledFor: dateTime('Only on scheduling (to 9 SCHEDULED).'),
      },
      { isSla: true, storeDuration: true, scheduledFor: true },
    ),
  ],
  'register.submitted': ['RegisterSubmittedData', registerEventData("A participant's finished work was submitted: a register, PENDING review.", ['PENDING'])],
  'register.reviewed': ['RegisterReviewedData', registerEventData('A register was reviewed.', ['APPROVED', 'REPROVED'])],
  'pdv.done': [
    'PdvDoneData',
    closedObject<PdvDoneData>('A point-of-sale record is DONE: its product was placed.', {
      pdvId: uuid(),
      registerId: uuid(),
      ...EVENT_KEYS,
      importProductsId: uuid(),
      product: text('Product name.'),
      deliveredAt: dateTime(),
    }),
  ],
  'delivery.finished': [
    'DeliveryFinishedData',
    closedObject<DeliveryFinishedData>('A collection or delivery stop finished (progress 2).', {
      deliveryId: uuid(),
      type: { type: 'string', enum: ['COLLECTION', 'DELIVERY'] },
      ...EVENT_KEYS,
      identifier: text(),
      placeName: text(),
      startedAt: dateTime(),
      finishedAt: dateTime(),
    }),
  ],
};

/** One closed variant per event type, told apart by `type`; with `id` for the feed. */
function eventVariants(withId: boolean): Schema {
  return {
    oneOf: EVENT_TYPES.map((type) => {
      const fields = {
        ...(withId ? { id: uuid('The event’s id: the `webhook-id` of its deliveries, and the feed’s cursor.') } : {}),
        type: { type: 'string', const: type } as Schema,
        timestamp: dateTime('When it happened.'),
        data: ref(EVENT_DATA[type][0]),
      };
      return closedObject<EventItem>(`A \`${type}\` event.`, fields as Fields<EventItem>);
    }),
  };
}

const schemas: Record<string, Schema> = {
  ErrorBody: closedObject<{ error: string }>('The body of every error response.', { error: { type: 'string', minLength: 1 } }),
  DemandRequest: closedObject<CreateDemandRequestDto>(
    'A demand for a mission (spec 2.1). Any other top-level field is refused with 400.',
    {
      missionMainId: uuid('Main mission of this client account.'),
      datePicked: { type: 'string', format: 'date', description: 'Calendar date selected for the demand, YYYY-MM-DD.' },
      scheduledAt: dateTime('Scheduled date and time of execution, ISO 8601 with an offset (Z or ±HH:MM).'),
      participants: {
        type: 'integer',
        minimum: DEMAND_LIMITS.participantsMin,
        maximum: DEMAND_LIMITS.participantsMax,
        description: 'Open places on each mission created.',
      },
      storesIds: {
        type: 'array',
        items: { type: 'integer', minimum: 1, maximum: DEMAND_LIMITS.storeIdMax },
        maxItems: DEMAND_LIMITS.storesMax,
        uniqueItems: true,
        description: 'Stores of this account; one mission per store. For a workforce demand every store must be a workforce store.',
      },
      shifts: {
        type: 'array',
        maxItems: DEMAND_LIMITS.shiftsMax,
        items: {
          type: 'string',
          pattern: '^\\d{4}-\\d{2}-\\d{2}-([01]\\d|2[0-3]):[0-5]\\d-([01]\\d|2[0-3]):[0-5]\\d-(0|[1-9]\\d{0,5})$',
          examples: ['2026-12-01-08:00-17:00-0'],
        },
        description:
          'Shifts `day-start-end-index`: day a calendar date YYYY-MM-DD, start and end HH:MM (24 h) and different (end before start: the shift ends the next day), index an integer >= 0. No two shifts share day and index. A demand carrying shifts is a workforce demand.',
      },
      formId: uuid('Form of this account; required when the subcategory of a workforce mission requires a form.'),
      formPdvId: uuid('Point-of-sale form of this account, when the mission type uses one.'),
      custom_fields: {
        type: 'object',
        additionalProperties: true,
        description: `Free custom data, at most ${DEMAND_LIMITS.customFieldsMaxBytes / 1024} KiB as JSON. The usual shape is \`{"fields": [{"field": "...", "value": "..."}]}\`.`,
        examples: [{ fields: [{ field: 'campaign', value: 'Summer' }] }],
      },
    },
    { scheduledAt: true, storesIds: true, shifts: true, formId: true, formPdvId: true, custom_fields: true },
  ),
  FormAnswerItem: closedObject<FormAnswerItem>('One answered question of a form.', {
    form_name: text(),
    form_id: { type: 'string', pattern: '^[1-9][0-9]*$', description: "The form's integer id, as a string." },
    answer: text(),
    question: text(),
    order: text("The question's position in the form, as a string (\"1\", \"2\", ...)."),
    identifier: text(),
    ...missionKeys,
    user_name: text(),
    answered_at: dateTime('When the answer was given; the period filter applies to it.'),
  }),
  WorkforceResultItem: closedObject<WorkforceResultItem>("One participant's record on a workforce mission.", {
    mission_date: dateTime('The period filter applies to it.'),
    user_name: text(),
    mission: text('Mission name.'),
    ...missionKeys,
    mission_status: { type: 'integer', enum: [...MISSION_STATUSES], description: `Participant progress: ${STATUS_NAMES}.` },
    check_in_at: nullableDateTime(
      'Null when the participant never checked in: still waiting or scheduled, or expired, removed or quit before checking in.',
    ),
    check_out_at: nullableDateTime('Null while the participant has not checked out.'),
    store_duration: {
      type: 'string',
      pattern: '^(\\d{2,}:[0-5]\\d:[0-5]\\d)?$',
      description: 'HH:MM:SS between check-in and check-out; empty while not checked out.',
    },
    rating: { type: ['integer', 'null'], minimum: 1, maximum: 5 },
    rating_message: { type: ['string', 'null'] },
    is_buffer: flag('The participant fills a buffer place.'),
    requests: { type: ['array', 'null'], items: { type: 'string' } },
    is_sla: flag('Check-in happened no later than the shift start plus the SLA tolerance (SLA_TOLERANCE_MINUTES, default 15).'),
    has_token_input: { type: 'string', enum: ['yes', 'no'], description: 'Whether a token was entered at check-in.' },
  }),
  DeliveryStopEntry: closedObject<DeliveryStopEntry>('A collection or delivery stop of a register.', deliveryStopFields),
  DeliveryResultItem: closedObject<DeliveryResultItem>('A collection or delivery stop, with its mission and participant.', {
    ...deliveryStopFields,
    mission: text('Mission name.'),
    ...missionKeys,
    user_name: text(),
  }),
  PdvResultItem: closedObject<PdvResultItem>('A product delivered at a point of sale (status DONE).', {
    pdv_id: uuid(),
    register_id: uuid(),
    mission: text('Mission name.'),
    ...missionKeys,
    identifier: text(),
    product: text(),
    import_products_id: uuid(),
    category: {
      type: 'array',
      items: { type: 'string' },
      description: "Names from the root of the imported-products hierarchy down to the product's parent.",
    },
    delivered_at: nullableDateTime('Null when no delivery time was recorded.'),
    updated_at: dateTime('Last update of the point-of-sale record; the period filter applies to it.'),
    data: pdvData,
  }),
  PdvEntry: closedObject<PdvEntry>('A point-of-sale entry of a register (status DONE).', {
    delivered_at: nullableDateTime('Null when no delivery time was recorded.'),
    product: text(),
    import_products_id: uuid(),
    data: pdvData,
  }),
  FormsDataEntry: closedObject<FormsDataEntry>('A filled form of a register.', {
    form_id: { type: 'integer', minimum: 1 },
    forms_name: text(),
    identifier: text(),
    answers: { type: 'array', items: ref('FormsDataAnswer') },
  }),
  FormsDataAnswer: closedObject<FormsDataEntry['answers'][number]>('One answer of a filled form.', {
    order: text("The question's position in the form, as a string."),
    question: text(),
    answer: text(),
  }),
  WorkforceBlock: closedObject<WorkforceBlock>("The participant's workforce record of a register.", {
    mission_date: dateTime(),
    user_name: text(),
    ...missionKeys,
  }),
  RegisterResultItem: registerResultItem,
  FormAnswersPage: pageOf('FormAnswerItem', 'A page of form answers.', {
    type: 'integer',
    enum: [REPORT_LIMITS.formAnswersPageSize],
    description: 'The page size of this listing is fixed.',
  }),
  WorkforceResultsPage: pageOf('WorkforceResultItem', 'A page of workforce results.', ITEMS_PER_PAGE),
  DeliveryResultsPage: pageOf('DeliveryResultItem', 'A page of collections and deliveries.', ITEMS_PER_PAGE),
  PdvResultsPage: pageOf('PdvResultItem', 'A page of point-of-sale results.', ITEMS_PER_PAGE),
  RegisterResultsPage: pageOf('RegisterResultItem', 'A page of register results.', ITEMS_PER_PAGE),
  Demand: closedObject<DemandView>('A demand as stored, in the request’s field names, with the missions it created.', {
    id: uuid(),
    missionMainId: uuid(),
    datePicked: { type: 'string', format: 'date' },
    scheduledAt: nullableDateTime('Null when the demand carried none.'),
    participants: { type: 'integer', minimum: DEMAND_LIMITS.participantsMin, maximum: DEMAND_LIMITS.participantsMax },
    storesIds: { type: 'array', items: { type: 'integer', minimum: 1 } },
    shifts: { type: 'array', items: { type: 'string' } },
    formId: { type: ['string', 'null'], format: 'uuid' },
    formPdvId: { type: ['string', 'null'], format: 'uuid' },
    custom_fields: { type: ['object', 'null'], additionalProperties: true, description: 'As sent; null when the demand carried none.' },
    createdAt: dateTime(),
    missions: { type: 'array', items: ref('DemandMission'), minItems: 1, description: 'One per store, in the order of `storesIds`; one when no store was given.' },
  }),
  DemandMission: closedObject<DemandMissionView>('A mission created by a demand.', {
    id: uuid(),
    mbKey: text('MB key of the mission, e.g. `MB-7K2Q9XH4M1PZ`.'),
    storeId: { type: ['integer', 'null'], minimum: 1, description: 'Null when the demand named no store.' },
    missionDate: dateTime('From `scheduledAt`, else the start of `datePicked` in the reporting time zone.'),
    places: { type: 'integer', minimum: 1 },
    placesTaken: { type: 'integer', minimum: 0, description: 'Places held by participants that are not buffers and did not quit or get removed.' },
  }),
  ...Object.fromEntries(Object.values(EVENT_DATA)),
  WebhookPayload: { ...eventVariants(false), description: 'The body of a webhook delivery (Standard Webhooks): `type`, `timestamp` and `data`.' },
  Event: { ...eventVariants(true), description: 'An event of the feed: the webhook body and its `id`.' },
  WebhookRequest: closedObject<{ url: string; events?: string[] | null }>(
    'A receiver to add. Any other field is refused with 400.',
    {
      url: {
        type: 'string',
        format: 'uri',
        maxLength: WEBHOOK_LIMITS.urlMaxLength,
        description:
          'An `https:` URL whose host resolves to public addresses only: never private, loopback, link-local, multicast, carrier-grade NAT or IPv6 unique-local ones. `http:` to loopback only where the service runs with `WEBHOOKS_ALLOW_HTTP=true` (tests, a demo).',
      },
      events: {
        type: ['array', 'null'],
        minItems: 1,
        uniqueItems: true,
        items: { type: 'string', enum: ['*', ...EVENT_TYPES] },
        description: 'The event types delivered; absent, null or `["*"]` for every type, present and future.',
      },
    },
    { events: true },
  ),
  Webhook: closedObject<WebhookView>('A webhook endpoint of the account.', {
    id: uuid(),
    url: text('Where deliveries are sent.'),
    events: { type: 'array', minItems: 1, items: { type: 'string', enum: ['*', ...EVENT_TYPES] }, description: '`["*"]` for every type.' },
    createdAt: dateTime(),
  }),
  WebhookCreated: closedObject<WebhookView & { secret: string }>(
    'The endpoint added, with its signing secret: shown here only, keep it.',
    {
      id: uuid(),
      url: text(),
      events: { type: 'array', minItems: 1, items: { type: 'string', enum: ['*', ...EVENT_TYPES] } },
      secret: {
        type: 'string',
        pattern: '^whsec_[A-Za-z0-9+/]{43}=$',
        description: 'The Standard Webhooks signing secret: `whsec_` and 32 bytes in base64. Give it to a Standard Webhooks library to verify each delivery.',
      },
      createdAt: dateTime(),
    },
  ),
  WebhookList: closedObject<{ data: WebhookView[] }>('The account’s webhook endpoints, oldest first; never their secrets.', {
    data: { type: 'array', items: ref('Webhook'), maxItems: WEBHOOK_LIMITS.perAccount },
  }),
  WebhookDelivery: closedObject<WebhookDeliveryView>('One delivery of one event to one endpoint, with its retries.', {
    id: uuid(),
    eventId: uuid('The event sent: the `webhook-id` header of each attempt.'),
    type: { type: 'string', enum: [...EVENT_TYPES] },
    status: { type: 'string', enum: ['PENDING', 'SUCCEEDED', 'FAILED'], description: 'PENDING until an attempt gets a 2xx (SUCCEEDED) or the retries run out (FAILED).' },
    attempt: { type: 'integer', minimum: 0, description: 'Attempts made so far.' },
    statusCode: { type: ['integer', 'null'], description: "The receiver's answer to the last attempt; null before the first or when none came." },
    nextAttemptAt: nullableDateTime('When the next attempt is due; null once SUCCEEDED or FAILED.'),
    lastAttemptAt: nullableDateTime('Null before the first attempt.'),
    createdAt: dateTime(),
  }),
  WebhookDeliveriesPage: pageOf('WebhookDelivery', 'A page of deliveries, newest first.', ITEMS_PER_PAGE),
  RedeliveryRequest: closedObject<{ eventId: string }>('The event to send to the endpoint again.', { eventId: uuid('An event of the account, from the feed or a delivery.') }),
  EventsPage: closedObject<EventsPage>('Events oldest first, in the order they were committed.', {
    data: { type: 'array', items: ref('Event'), maxItems: EVENT_FEED_LIMITS.limitMax },
    hasMore: flag('More events follow the last one of `data`: ask again with `after` set to its `id`.'),
  }),
  HealthStatus: closedObject<{ status: string; database: string }>('Liveness and database state.', {
    status: { type: 'string', enum: ['ok', 'unavailable'] },
    database: { type: 'string', enum: ['up', 'down'] },
  }),
  HealthIndicator: {
    type: 'object',
    description: 'One dependency\'s state; `message` says why when it is not up, `responseTime` (ms) how long the database took.',
    required: ['status'],
    properties: {
      status: { type: 'string', enum: ['up', 'down', 'degraded'] },
      message: { type: 'string' },
      responseTime: { type: 'integer', minimum: 0 },
    },
    additionalProperties: true,
  },
  HealthCheck: closedObject<{ status: string; info: unknown; error: unknown; details: unknown }>(
    'A probe\'s answer: the overall status, then the dependencies by name (`database`; `replica` and `redis` when configured): those up or degraded in `info`, those down in `error`, all of them in `details`.',
    {
      status: { type: 'string', enum: ['ok', 'degraded', 'error', 'shutting_down'] },
      info: { type: 'object', additionalProperties: ref('HealthIndicator') },
      error: { type: 'object', additionalProperties: ref('HealthIndicator') },
      details: { type: 'object', additionalProperties: ref('HealthIndicator') },
    },
  ),
};

// ---- Query parameters -------------------------------------------------------------------------

// No parameter carries an `example` or `examples`: Swagger UI pre-fills try-it-out with them, and a
// made-up MB key or search term sent on the first Execute answers `total: 0`. Examples are written
// in the descriptions instead; the embedded demo's document fills in values that have data.
type QueryParameter = Omit<ParameterObject, 'name' | 'in' | 'example' | 'examples'> & { schema: Schema };
type QueryParameters<T> = { [K in keyof T & string]-?: QueryParameter };

/** Listed in the contract's order; the object's key order is the documented order. */
function queryParameters<T>(parameters: QueryParameters<T>): ParameterObject[] {
  return Object.entries<QueryParameter>(parameters).map(([name, parameter]) => ({ name, in: 'query', ...parameter }));
}

const date = (description: string, required: boolean): QueryParameter => ({
  description,
  required,
  schema: { type: 'string', format: 'date' },
});
const positiveInteger = (description: string, extra: Schema = {}): QueryParameter => ({
  description,
  required: !('default' in extra),
  schema: { type: 'integer', minimum: 1, maximum: QUERY_INTEGER_MAX, ...extra },
});
const PERIOD_START = 'Period start, a calendar date YYYY-MM-DD such as `2026-03-01`: from the first instant of that day in the reporting time zone.';
const PERIOD_END = 'Period end, a calendar date YYYY-MM-DD: to the last instant of that day in the reporting time zone. Must not be before `startedAt`.';

const page = positiveInteger('Page number; a page past the end answers an empty `data` with the true `total`.', { default: 1 });
const itemsPerPage: QueryParameter = {
  description: 'Items per page.',
  required: false,
  schema: { ...ITEMS_PER_PAGE, default: REPORT_LIMITS.itemsPerPageDefault },
};
const key = (description: string): QueryParameter => ({
  description: `${description} Exact match.`,
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: KEY_MAX_LENGTH },
});
const mbKey = key('MB key of a mission, e.g. `MB-7K2Q9X`.');
const muKey = key("MU key of a participant's record, e.g. `MU-4HZP1C`.");
const search = (matches: string): QueryParameter => ({
  description: `Case-insensitive substring match on ${matches}, e.g. \`silva\`.`,
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: REPORT_LIMITS.searchMaxLength },
});

export const LISTING_PARAMETERS = {
  formAnswers: queryParameters<FormAnswersQueryDto>({
    initialDate: date('Start of the period, a calendar date YYYY-MM-DD such as `2026-03-01` (whole day, reporting time zone).', true),
    finalDate: date('End of the period, a calendar date YYYY-MM-DD such as `2026-03-31` (whole day, reporting time zone); must be later than `initialDate`.', true),
    page: positiveInteger('Page number; the page size is fixed at 50.'),
    formId: positiveInteger("The form's integer id."),
  }),
  workforce: queryParameters<WorkforceQueryDto>({
    page,
    itemsPerPage,
    startedAt: date(`${PERIOD_START} Filters on \`mission_date\`.`, false),
    endedAt: date(PERIOD_END, false),
    status: {
      description: `Participant progress: ${STATUS_NAMES}.`,
      required: false,
      schema: { type: 'integer', enum: [...MISSION_STATUSES] },
    },
    mbKey,
    muKey,
    search: search('user name, mission name, MB key and MU key'),
  }),
  deliveries: queryParameters<DeliveriesQueryDto>({
    startedAt: date(`${PERIOD_START} Filters on \`started_at\` of the stop.`, true),
    endedAt: date(PERIOD_END, true),
    page,
    itemsPerPage,
    progress: { description: '1 started, 2 finished.', required: false, schema: { type: 'integer', enum: [1, 2] } },
    mbKey,
    muKey,
  }),
  pdv: queryParameters<PdvQueryDto>({
    startedAt: date(`${PERIOD_START} Filters on the last update of the point-of-sale record.`, true),
    endedAt: date(PERIOD_END, true),
    page,
    itemsPerPage,
    mbKey,
    muKey,
    search: search('product name, mission name, MB key, MU key and identifier'),
  }),
  registers: queryParameters<RegistersQueryDto>({
    page,
    itemsPerPage,
    startedAt: date(`${PERIOD_START} Filters on the last update of the register.`, false),
    endedAt: date(PERIOD_END, false),
    mbKey,
    muKey,
    search: search('mission name, MB key, MU key and identifier'),
  }),
  webhookDeliveries: queryParameters<PageQueryDto>({ page, itemsPerPage }),
  events: queryParameters<EventsQueryDto>({
    after: {
      description: 'The `id` of the last event you have: answers the events committed after it. Absent: from the oldest event kept (30 days). An id that is not one of your events kept is refused.',
      required: false,
      schema: { type: 'string', format: 'uuid' },
    },
    types: {
      description: `Only these types, comma-separated, e.g. \`participant.status_changed,register.reviewed\`. Types: ${EVENT_TYPES.map((t) => `\`${t}\``).join(', ')}.`,
      required: false,
      schema: { type: 'string', pattern: `^(${EVENT_TYPES.map((t) => t.replace('.', '\\.')).join('|')})(,(${EVENT_TYPES.map((t) => t.replace('.', '\\.')).join('|')}))*$` },
    },
    limit: {
      description: 'Events per answer.',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: EVENT_FEED_LIMITS.limitMax, default: EVENT_FEED_LIMITS.limitDefault },
    },
  }),
} as const;

// ---- Responses --------------------------------------------------------------------------------

const JSON_TYPE = 'application/json';

function errorResponse(description: string, messages: Record<string, string>): ResponseObject {
  return {
    description,
    content: {
      [JSON_TYPE]: {
        schema: ref('ErrorBody'),
        examples: Object.fromEntries(Object.entries(messages).map(([name, error]) => [name, { summary: error, value: { error } }])),
      },
    },
  };
}

const responseRef = (name: string): ReferenceObject => ({ $ref: `#/components/responses/${name}` });
const COMMON_ERRORS = {
  '401': responseRef('Unauthorized'),
  '429': responseRef('TooManyRequests'),
  '500': responseRef('InternalError'),
  '503': responseRef('ServiceUnavailable'),
};

const INVALID_QUERY = 'Invalid query params';
const UNKNOWN_OR_REPEATED = 'An unknown or repeated query parameter is always refused with `Invalid query params`.';

const cacheControl = {
  'Cache-Control': {
    description: `\`private, max-age=<seconds left>\`: the result is cached for ${REPORT_LIMITS.cacheTtlSeconds / 3600} hour per client account and query; this is how long of it remains.`,
    required: true,
    schema: { type: 'string', pattern: '^private, max-age=\\d+$' },
  },
};

function listing(options: {
  summary: string;
  description: string;
  operationId: string;
  parameters: ParameterObject[];
  page: string;
  cached: boolean;
  badRequest: Record<string, string>;
}): OperationObject {
  const messages = Object.values(options.badRequest).map((message) => `\`${message}\``);
  return {
    tags: ['Reports'],
    summary: options.summary,
    description: options.description,
    operationId: options.operationId,
    parameters: options.parameters,
    responses: {
      '200': {
        description: 'A page of the listing, newest first on its period column, ties broken by the item id.',
        ...(options.cached ? { headers: cacheControl } : {}),
        content: { [JSON_TYPE]: { schema: ref(options.page) } },
      },
      '400': errorResponse(`Invalid query. Messages: ${messages.join('; ')}. ${UNKNOWN_OR_REPEATED}`, options.badRequest),
      ...COMMON_ERRORS,
    },
  };
}

const createDemand: OperationObject = {
  tags: ['Demands'],
  summary: 'Create a demand for a mission',
  description:
    'Checked in this order, all before anything is written: authentication (401), content type (415), body size (413), JSON syntax (400), the three required fields (400), field formats (400), business rules (422). ' +
    'On success the demand is stored and its missions created (one per store, or one when no store is given) in one transaction.',
  operationId: 'createDemand',
  parameters: [
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Makes a retry safe: a repeat with the same key and the same body within 24 hours answers 201 without creating anything; the same key with a different body, or while the first request is in flight, answers 409. ' +
        'Use a new key for each new demand, e.g. a fresh UUID such as `0f8e7c1a-4b2d-4e9f-9a3c-5d6b7e8f9a0b`; leave it empty to send none.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]{1,255}$' },
    },
  ],
  requestBody: {
    required: true,
    content: {
      [JSON_TYPE]: {
        schema: ref('DemandRequest'),
        example: {
          missionMainId: '8a6e0804-2bd0-4672-b79d-d97027f9071a',
          datePicked: '2026-12-01',
          scheduledAt: '2026-12-01T08:00:00-03:00',
          participants: 2,
          storesIds: [101, 102],
          shifts: ['2026-12-01-08:00-17:00-0'],
          formId: '2f1d9a43-6a3c-4b0e-9b7e-3c1f5a2d8e61',
          custom_fields: { fields: [{ field: 'campaign', value: 'Summer' }] },
        },
      },
    },
  },
  responses: {
    '201': {
      description:
        'The demand and its missions were created (or an idempotent repeat was recognised). Content-Type application/json, empty body; `Location` names the demand, the same one on a repeat.',
      headers: {
        Location: {
          description: 'Where the demand can be read: `/v1/missions/demands/{id}`.',
          required: true,
          schema: { type: 'string', pattern: '^/v1/missions/demands/[0-9a-f-]{36}$' },
        },
      },
      content: { [JSON_TYPE]: {} },
    },
    '400': errorResponse(
      'Malformed request: a required field missing or null, a field of the wrong format or out of bounds, an unknown field, invalid JSON, a body that is not a JSON object, or an invalid `Idempotency-Key`. The message names the problem.',
      {
        required: 'missionMainId, datePicked and participants are required',
        json: 'Invalid JSON body',
        notObject: 'Request body must be a JSON object',
        unknownField: 'Unknown field: priority',
        format: `participants must be an integer from ${DEMAND_LIMITS.participantsMin} to ${DEMAND_LIMITS.participantsMax}`,
        idempotencyKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
      },
    ),
    '401': responseRef('Unauthorized'),
    '409': errorResponse('The `Idempotency-Key` was used with a different body, or its first request is still in flight.', {
      reused: 'Idempotency-Key was already used with a different request body',
      inFlight: 'A request with this Idempotency-Key is still in flight',
    }),
    '413': errorResponse('The body is over 1 MiB.', { tooLarge: 'Request body too large' }),
    '415': errorResponse('The body is not `application/json`.', { contentType: 'Content-Type must be application/json' }),
    '429': responseRef('TooManyRequests'),
    '422': errorResponse(
      "A business rule is broken: the main mission, form, point-of-sale form or stores are not this account's; or a workforce demand has a subcategory without check_in_check_out, no shift, a store that is not a workforce store, or no formId where the subcategory requires a form. The message names the rule.",
      {
        unknownMission: 'missionMainId does not name a main mission of this account',
        shiftsRequired: 'A workforce demand requires at least one shift',
      },
    ),
    '500': responseRef('InternalError'),
    '503': responseRef('ServiceUnavailable'),
  },
};

const NOT_FOUND = errorResponse('No such id for this client account: another account’s id is answered exactly like an unknown one.', { notFound: 'Not found' });
const NO_QUERY = errorResponse(`The operation takes no query parameter. ${UNKNOWN_OR_REPEATED}`, { invalid: INVALID_QUERY });

function idParameter(name: string, description: string): ParameterObject {
  return { name, in: 'path', required: true, description, schema: { type: 'string' } };
}

const getDemand: OperationObject = {
  tags: ['Demands'],
  summary: 'Read a demand',
  description: 'The demand as stored, with its missions (MB key, mission date, places, places taken): where the `Location` of its 201 points.',
  operationId: 'getDemand',
  parameters: [idParameter('id', 'The demand’s id, from the `Location` of its 201.')],
  responses: {
    '200': { description: 'The demand.', content: { [JSON_TYPE]: { schema: ref('Demand') } } },
    '400': NO_QUERY,
    '404': NOT_FOUND,
    ...COMMON_ERRORS,
  },
};

const listEvents: OperationObject = {
  tags: ['Events'],
  summary: 'Read the events feed',
  description:
    'Your account’s events oldest first, in the order their changes committed: the same events webhooks deliver, each with its `id`. Page with `after` set to the `id` of the last event you have; an event committed later always comes after it, so nothing is skipped. Events are kept 30 days.',
  operationId: 'listEvents',
  parameters: LISTING_PARAMETERS.events,
  responses: {
    '200': { description: 'Events after the cursor, and whether more follow.', content: { [JSON_TYPE]: { schema: ref('EventsPage') } } },
    '400': errorResponse(`Invalid query: a value out of bounds, an unknown type, or an \`after\` that is not one of your events kept. ${UNKNOWN_OR_REPEATED}`, { invalid: INVALID_QUERY }),
    ...COMMON_ERRORS,
  },
};

const webhookId = idParameter('id', 'The webhook’s id.');
const BODY_ERRORS = {
  '413': errorResponse('The body is over 1 MiB.', { tooLarge: 'Request body too large' }),
  '415': errorResponse('The body is not `application/json`.', { contentType: 'Content-Type must be application/json' }),
};

const createWebhook: OperationObject = {
  tags: ['Webhooks'],
  summary: 'Add a webhook endpoint',
  description: `Events of the types asked for are delivered to \`url\` as signed POSTs (see the \`webhooks\` section): at least once, retried with backoff for at least 24 hours, in no guaranteed order; the \`webhook-id\` (the event's id) makes duplicates harmless. At most ${WEBHOOK_LIMITS.perAccount} endpoints per account.`,
  operationId: 'createWebhook',
  requestBody: { required: true, content: { [JSON_TYPE]: { schema: ref('WebhookRequest'), example: { url: 'https://hooks.example.com/mission-events', events: ['participant.status_changed', 'register.reviewed'] } } } },
  responses: {
    '201': { description: 'The endpoint, with its signing secret, shown this once.', content: { [JSON_TYPE]: { schema: ref('WebhookCreated') } } },
    '400': errorResponse('Malformed request: `url` missing, not an allowed URL (see `WebhookRequest`), its host unresolved, or `events` not a list of known types; an unknown field or query parameter.', {
      required: 'url is required',
      scheme: 'url must be an https: URL',
      address: 'url must point to a public address; hooks.internal is 10.0.0.8, a private, loopback, link-local or reserved address',
      events: WEBHOOK_EVENTS_MESSAGE,
    }),
    '422': errorResponse('The account has its endpoints already.', { limit: `An account may have at most ${WEBHOOK_LIMITS.perAccount} webhooks` }),
    ...BODY_ERRORS,
    ...COMMON_ERRORS,
  },
};

const listWebhooks: OperationObject = {
  tags: ['Webhooks'],
  summary: 'List webhook endpoints',
  operationId: 'listWebhooks',
  responses: { '200': { description: 'The endpoints, oldest first.', content: { [JSON_TYPE]: { schema: ref('WebhookList') } } }, '400': NO_QUERY, ...COMMON_ERRORS },
};

const removeWebhook: OperationObject = {
  tags: ['Webhooks'],
  summary: 'Remove a webhook endpoint',
  description: 'Its pending deliveries are dropped with it, and no event is delivered to it any more.',
  operationId: 'removeWebhook',
  parameters: [webhookId],
  responses: { '204': { description: 'Removed.' }, '400': NO_QUERY, '404': NOT_FOUND, ...COMMON_ERRORS },
};

const listWebhookDeliveries: OperationObject = {
  tags: ['Webhooks'],
  summary: 'List the deliveries of an endpoint',
  description: 'Newest first: each with its event id and type, the attempts made, the last status code and when the next attempt is due.',
  operationId: 'listWebhookDeliveries',
  parameters: [webhookId, ...LISTING_PARAMETERS.webhookDeliveries],
  responses: {
    '200': { description: 'A page of deliveries.', content: { [JSON_TYPE]: { schema: ref('WebhookDeliveriesPage') } } },
    '400': errorResponse(`Invalid query. ${UNKNOWN_OR_REPEATED}`, { invalid: INVALID_QUERY }),
    '404': NOT_FOUND,
    ...COMMON_ERRORS,
  },
};

const redeliverEvent: OperationObject = {
  tags: ['Webhooks'],
  summary: 'Deliver an event again',
  description: 'A new delivery of the event to this endpoint, PENDING now, whatever became of the earlier ones.',
  operationId: 'redeliverEvent',
  parameters: [webhookId],
  requestBody: { required: true, content: { [JSON_TYPE]: { schema: ref('RedeliveryRequest') } } },
  responses: {
    '201': { description: 'The new delivery.', content: { [JSON_TYPE]: { schema: ref('WebhookDelivery') } } },
    '400': errorResponse('`eventId` missing or not a UUID, an unknown field or query parameter.', { required: 'eventId is required', format: 'eventId must be a UUID' }),
    '404': NOT_FOUND,
    '422': errorResponse('No such event for this account, or it is older than the 30 days events are kept.', { unknown: 'eventId does not name an event of this account' }),
    ...BODY_ERRORS,
    ...COMMON_ERRORS,
  },
};

const WEBHOOK_HEADERS: ParameterObject[] = [
  { name: 'webhook-id', in: 'header', required: true, description: 'The event’s id: the same on every attempt, so a receiver can drop duplicates.', schema: { type: 'string', format: 'uuid' } },
  { name: 'webhook-timestamp', in: 'header', required: true, description: 'Seconds since 1970 when the attempt was signed; refuse one more than a few minutes off.', schema: { type: 'string', pattern: '^\\d+$' } },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description: '`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret’s bytes (after `whsec_`); verify it with a Standard Webhooks library.',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/]+=*( v1,[A-Za-z0-9+/]+=*)*$' },
  },
];

/** OpenAPI 3.1 `webhooks`: what the service POSTs to a receiver, one entry per event type. */
const webhookDeliveries = Object.fromEntries(
  EVENT_TYPES.map((type) => [
    type,
    {
      post: {
        tags: ['Webhooks'],
        summary: `A \`${type}\` delivery`,
        description: `${EVENT_DATA[type][1].description} Signed as the Standard Webhooks specification says.`,
        operationId: `deliver_${type.replace('.', '_')}`,
        security: [],
        parameters: WEBHOOK_HEADERS,
        requestBody: {
          required: true,
          content: {
            [JSON_TYPE]: {
              schema: closedObject<EventItem>(`The body of a \`${type}\` delivery.`, {
                type: { type: 'string', const: type } as Schema,
                timestamp: dateTime('When it happened.'),
                data: ref(EVENT_DATA[type][0]),
              } as Fields<EventItem>),
            },
          },
        },
        responses: {
          '2XX': {
            description:
              'Received. Any other answer (a redirect is not followed), or none within 10 seconds, is retried with exponential backoff and jitter for at least 24 hours, then the delivery is FAILED.',
          },
        },
      } satisfies OperationObject,
    },
  ]),
);

const health: OperationObject = {
  tags: ['Operations'],
  summary: 'Liveness and database state',
  description: 'For operators and load balancers; needs no credentials.',
  operationId: 'health',
  security: [],
  responses: {
    '200': { description: 'The service and its database are up.', content: { [JSON_TYPE]: { schema: ref('HealthStatus') } } },
    '503': { description: 'The database is unreachable.', content: { [JSON_TYPE]: { schema: ref('HealthStatus') } } },
  },
};

const liveness: OperationObject = {
  tags: ['Operations'],
  summary: 'Liveness',
  description: 'The process answers HTTP. Asks nothing of the database or Redis, so an outage of theirs does not get the instance restarted. Needs no credentials.',
  operationId: 'healthLive',
  security: [],
  responses: {
    '200': { description: 'The process is running: `{"status":"ok","info":{},"error":{},"details":{}}`.', content: { [JSON_TYPE]: { schema: ref('HealthCheck') } } },
  },
};

const readiness: OperationObject = {
  tags: ['Operations'],
  summary: 'Readiness: whether to send this instance traffic',
  description:
    'Asks the database (`SELECT 1`, down past 2 seconds), the read replica when `DATABASE_REPLICA_URL` is set, and Redis (`PING`) when `REDIS_URL` is set. A Redis that does not answer is `degraded` and the answer stays 200 with status `degraded`: the report cache is an optimisation, and listings are then read from the database. So is a replica that does not answer: the listings and the feed fail, writes go on. Needs no credentials.',
  operationId: 'healthReady',
  security: [],
  responses: {
    '200': { description: 'The database answers; status `ok`, or `degraded` when Redis or the replica does not.', content: { [JSON_TYPE]: { schema: ref('HealthCheck') } } },
    '503': { description: 'The database does not answer within 2 seconds (status `error`), or the instance is shutting down.', content: { [JSON_TYPE]: { schema: ref('HealthCheck') } } },
  },
};

const DESCRIPTION = `Create demands for field missions and read the reports on them. Every operation under \`/v1\` needs both credential headers, \`client-id\` and \`client-secret\`; each client account sees and writes only its own data.

**Errors.** Every error response has the body \`{"error": "<message>"}\` (schema \`ErrorBody\`) and nothing else: 400 malformed request, 401 missing or invalid credentials (\`Client ID ou Client Secret inválido ou ausente.\`), 404 unknown path (\`Not found\`), 409 idempotency conflict, 413 body over 1 MiB, 415 body not JSON, 422 business rule broken, 500 \`Internal server error\`, 503 \`Service unavailable\` (database unreachable).

**Dates and periods.** Dates are calendar dates \`YYYY-MM-DD\`. A period (\`startedAt..endedAt\`, \`initialDate..finalDate\`) covers whole days, both ends included, in the reporting time zone \`REPORT_TIME_ZONE\` (default \`America/Sao_Paulo\`): from the first instant of the first day to the last instant of the last day. Date-times in responses are written in UTC with \`Z\`, e.g. \`2026-11-21T13:05:00.000Z\`.

**Listings.** Every listing answers \`{"total", "page", "itemsPerPage", "data"}\`, newest first on its period column, ties broken by the item id. Unknown or repeated query parameters are refused with 400 \`Invalid query params\`.`;

export const openApiDocument: OpenAPIObject = {
  openapi: '3.1.0',
  info: { title: 'Mission Workforce and Results API', version: '1.0.0', description: DESCRIPTION },
  servers: [{ url: '/' }],
  tags: [
    { name: 'Demands', description: 'Create demands for missions.' },
    { name: 'Reports', description: 'Paginated reporting listings.' },
    { name: 'Events', description: 'What changed, as a feed; the same events are delivered to webhooks.' },
    { name: 'Webhooks', description: 'Receivers of signed event deliveries.' },
    { name: 'Operations', description: 'Service state.' },
  ],
  security: [{ clientIdAuth: [], clientSecretAuth: [] }],
  webhooks: webhookDeliveries,
  paths: {
    '/v1/missions/demands': { post: createDemand },
    '/v1/missions/demands/{id}': { get: getDemand },
    '/v1/events': { get: listEvents },
    '/v1/webhooks': { post: createWebhook, get: listWebhooks },
    '/v1/webhooks/{id}': { delete: removeWebhook },
    '/v1/webhooks/{id}/deliveries': { get: listWebhookDeliveries, post: redeliverEvent },
    '/v1/forms-data/customers': {
      get: listing({
        summary: 'List form answers',
        description: `One item per answered question of the form, in the period (on \`answered_at\`). Page size fixed at ${REPORT_LIMITS.formAnswersPageSize}. Cached for 1 hour per client account and query.`,
        operationId: 'listFormAnswers',
        parameters: LISTING_PARAMETERS.formAnswers,
        page: 'FormAnswersPage',
        cached: true,
        badRequest: {
          required: 'initialDate and finalDate are required',
          dates: 'initialDate and finalDate must be calendar dates in the form YYYY-MM-DD',
          order: 'finalDate must be later than initialDate',
          pageAndForm: 'page and formId must be integers >= 1',
          invalid: INVALID_QUERY,
        },
      }),
    },
    '/v1/missions-users/workforce/reports': {
      get: listing({
        summary: 'List workforce (staff on demand) results',
        description: 'Participants of missions whose main mission has check_in_check_out, filtered on `mission_date`.',
        operationId: 'listWorkforceResults',
        parameters: LISTING_PARAMETERS.workforce,
        page: 'WorkforceResultsPage',
        cached: false,
        badRequest: { invalid: INVALID_QUERY },
      }),
    },
    '/v1/deliveries/results': {
      get: listing({
        summary: 'List collections and deliveries',
        description: 'Stops in the period (on `started_at`). Cached for 1 hour per client account and query.',
        operationId: 'listDeliveryResults',
        parameters: LISTING_PARAMETERS.deliveries,
        page: 'DeliveryResultsPage',
        cached: true,
        badRequest: { required: 'startedAt and endedAt are required', invalid: INVALID_QUERY },
      }),
    },
    '/v1/pdv/results': {
      get: listing({
        summary: 'List point-of-sale results',
        description:
          'Products delivered at points of sale whose status is DONE, filtered on the last update of the point-of-sale record. `category` comes from the imported-products hierarchy; `data` is the stored JSON of the record.',
        operationId: 'listPdvResults',
        parameters: LISTING_PARAMETERS.pdv,
        page: 'PdvResultsPage',
        cached: false,
        badRequest: { required: 'startedAt and endedAt are required', invalid: INVALID_QUERY },
      }),
    },
    '/v1/registers/results': {
      get: listing({
        summary: 'List mission (register) results',
        description:
          'Registers whose status is APPROVED, filtered on their last update, with the blocks the main mission flags ask for: has_pos gives `pdv`, has_forms gives `forms_data`, check_in_check_out gives `workforce`, has_delivery_places gives `delivery`.',
        operationId: 'listRegisterResults',
        parameters: LISTING_PARAMETERS.registers,
        page: 'RegisterResultsPage',
        cached: false,
        badRequest: { invalid: INVALID_QUERY },
      }),
    },
    '/health': { get: health },
    '/health/live': { get: liveness },
    '/health/ready': { get: readiness },
  },
  components: {
    securitySchemes: {
      clientIdAuth: { type: 'apiKey', in: 'header', name: 'client-id', description: 'Client id generated for the client account.' },
      clientSecretAuth: {
        type: 'apiKey',
        in: 'header',
        name: 'client-secret',
        description: 'Client secret generated for the client account (shown once). Sent together with `client-id`.',
      },
    },
    responses: {
      Unauthorized: errorResponse('`client-id` or `client-secret` missing, empty, unknown, revoked or wrong. Checked before anything else.', {
        unauthorized: 'Client ID ou Client Secret inválido ou ausente.',
      }),
      TooManyRequests: {
        ...errorResponse('The client account went past its rate limit (`RATE_LIMIT_PER_MINUTE`, per instance).', {
          tooMany: 'Too many requests',
        }),
        headers: { 'Retry-After': { description: 'Whole seconds until a request is allowed again.', schema: { type: 'integer', minimum: 1 } } },
      },
      InternalError: errorResponse('A bug; never a stack trace or SQL.', { internal: 'Internal server error' }),
      ServiceUnavailable: errorResponse('The database is unreachable.', { unavailable: 'Service unavailable' }),
    },
    schemas,
  },
};

/** Values that exist in the database being served: what the embedded demo's document is filled with. */
export interface TryItOutValues {
  /** A request body that creates a demand for the demo account. */
  demand: Record<string, unknown>;
  /** Calendar dates of a period with data in every listing. */
  period: { first: string; last: string };
  /** A form with answers in that period. */
  formId: number;
}

/**
 * The document with try-it-out values that answer data on the first Execute. Only required
 * parameters are filled: a pre-filled optional filter would narrow the answer. The Idempotency-Key
 * never is, so that a second try with another body is not a 409.
 */
export function openApiDocumentWith(values: TryItOutValues): OpenAPIObject {
  const document = structuredClone(openApiDocument);
  const filled: Record<string, unknown> = {
    initialDate: values.period.first,
    startedAt: values.period.first,
    finalDate: values.period.last,
    endedAt: values.period.last,
    formId: values.formId,
    page: 1,
  };
  for (const item of Object.values(document.paths)) {
    for (const parameter of (item.get?.parameters ?? []) as ParameterObject[]) {
      if (parameter.required && parameter.name in filled) parameter.example = filled[parameter.name];
    }
  }
  const demand = document.paths['/v1/missions/demands'].post?.requestBody as { content: Record<string, { example: unknown }> };
  demand.content[JSON_TYPE].example = values.demand;
  document.info.description = `${DESCRIPTION}\n\n**Embedded demo.** Try it out with the demo account: authorize with the \`client-id\` and \`client-secret\` printed at start (both in the one form, then Authorize). The request body names its main mission, stores and form, and the listings' required parameters a period with data.`;
  return document;
}
