import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import type { OpenAPIObject, OperationObject, ParameterObject } from '@nestjs/swagger';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { getMetadataStorage } from 'class-validator';
import { DEMAND_FIELDS } from '../demands/create-demand.request.dto';
import { DemandBodyPipe } from '../demands/demand-body.pipe';
import { RequestError } from '../http/request-error';
import { deliveriesQuery } from '../reports/deliveries.controller';
import { formAnswersQuery } from '../reports/form-answers.controller';
import type { ListingQueryPipe } from '../reports/listing-query.pipe';
import { pdvQuery } from '../reports/pdv-results.controller';
import { registersQuery } from '../reports/register-results.controller';
import { DeliveriesQueryDto, FormAnswersQueryDto, PageQueryDto, PdvQueryDto, RegistersQueryDto, WorkforceQueryDto } from '../reports/report-query.dtos';
import { workforceQuery } from '../reports/workforce-reports.controller';
import { eventsQuery } from '../events/events.controller';
import { EventsQueryDto } from '../events/events-query.dto';
import { deliveriesPageQuery } from '../webhooks/webhooks.controller';
import { RedeliveryBodyPipe, WebhookBodyPipe } from '../webhooks/webhook-body.pipes';
import { LISTING_PARAMETERS, openApiDocument, openApiDocumentWith, type TryItOutValues } from './openapi-document';
import { EVENT_TYPES, type EventData, eventBody, eventItem, type EventType, newEvent, newWebhookSecret } from '@mwr/domain';

// What the contract (section 4) names; the document must say the same, in the same order.
const LISTINGS = [
  {
    name: 'formAnswers',
    path: '/v1/forms-data/customers',
    parameters: ['initialDate', 'finalDate', 'page', 'formId'],
    required: ['initialDate', 'finalDate', 'page', 'formId'],
    pipe: formAnswersQuery,
    dto: FormAnswersQueryDto,
    cached: true,
  },
  {
    name: 'workforce',
    path: '/v1/missions-users/workforce/reports',
    parameters: ['page', 'itemsPerPage', 'startedAt', 'endedAt', 'status', 'mbKey', 'muKey', 'search'],
    required: [],
    pipe: workforceQuery,
    dto: WorkforceQueryDto,
    cached: false,
  },
  {
    name: 'deliveries',
    path: '/v1/deliveries/results',
    parameters: ['startedAt', 'endedAt', 'page', 'itemsPerPage', 'progress', 'mbKey', 'muKey'],
    required: ['startedAt', 'endedAt'],
    pipe: deliveriesQuery,
    dto: DeliveriesQueryDto,
    cached: true,
  },
  {
    name: 'pdv',
    path: '/v1/pdv/results',
    parameters: ['startedAt', 'endedAt', 'page', 'itemsPerPage', 'mbKey', 'muKey', 'search'],
    required: ['startedAt', 'endedAt'],
    pipe: pdvQuery,
    dto: PdvQueryDto,
    cached: false,
  },
  {
    name: 'registers',
    path: '/v1/registers/results',
    parameters: ['page', 'itemsPerPage', 'startedAt', 'endedAt', 'mbKey', 'muKey', 'search'],
    required: [],
    pipe: registersQuery,
    dto: RegistersQueryDto,
    cached: false,
  },
  {
    name: 'webhookDeliveries',
    path: '/v1/webhooks/{id}/deliveries',
    parameters: ['page', 'itemsPerPage'],
    required: [],
    pipe: deliveriesPageQuery,
    dto: PageQueryDto,
    cached: false,
  },
  {
    name: 'events',
    path: '/v1/events',
    parameters: ['after', 'types', 'limit'],
    required: [],
    pipe: eventsQuery,
    dto: EventsQueryDto,
    cached: false,
  },
] as const;

const OPERATIONS: Record<string, Record<string, string[]>> = {
  '/v1/missions/demands': { post: ['201', '400', '401', '409', '413', '415', '422', '429', '500', '503'] },
  '/v1/missions/demands/{id}': { get: ['200', '400', '401', '404', '429', '500', '503'] },
  '/v1/events': { get: ['200', '400', '401', '429', '500', '503'] },
  '/v1/webhooks': { post: ['201', '400', '401', '413', '415', '422', '429', '500', '503'], get: ['200', '400', '401', '429', '500', '503'] },
  '/v1/webhooks/{id}': { delete: ['204', '400', '401', '404', '429', '500', '503'] },
  '/v1/webhooks/{id}/deliveries': {
    get: ['200', '400', '401', '404', '429', '500', '503'],
    post: ['201', '400', '401', '404', '413', '415', '422', '429', '500', '503'],
  },
  '/health': { get: ['200', '503'] },
  '/health/live': { get: ['200'] },
  '/health/ready': { get: ['200', '503'] },
  ...Object.fromEntries(LISTINGS.filter(({ name }) => !['events', 'webhookDeliveries'].includes(name)).map(({ path }) => [path, { get: ['200', '400', '401', '429', '500', '503'] }])),
};

interface ParameterSchema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: number[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
}

const schemaOf = (parameter: ParameterObject) => parameter.schema as ParameterSchema;

// The document pre-fills nothing, so the tests pick their own valid value for each parameter.
const PERIOD_ENDS: Record<string, string> = { initialDate: '2026-03-01', startedAt: '2026-03-01', finalDate: '2026-03-31', endedAt: '2026-03-31' };
const PATTERNED: Record<string, string> = { types: 'pdv.done,demand.created' };

/** A value the parameter's schema allows. */
function sample(parameter: ParameterObject): string {
  const schema = schemaOf(parameter);
  if (schema.format === 'date') return PERIOD_ENDS[parameter.name];
  if (schema.format === 'uuid') return '0190a7c4-5b2e-7c3d-8e4f-123456789abc';
  if (schema.pattern && parameter.name in PATTERNED) return PATTERNED[parameter.name];
  if (schema.enum) return String(schema.enum[0]);
  if (schema.type === 'integer') return String(schema.default ?? schema.minimum);
  return 'k'.repeat(schema.minLength ?? 1);
}

/** Values on and inside each documented bound: the service must accept every one. */
function valuesInside(parameter: ParameterObject): string[] {
  const schema = schemaOf(parameter);
  const values = [sample(parameter)];
  if (schema.enum) values.push(...schema.enum.map(String));
  if (schema.minimum !== undefined) values.push(String(schema.minimum));
  if (schema.maximum !== undefined) values.push(String(schema.maximum));
  if (schema.minLength !== undefined) values.push('k'.repeat(schema.minLength));
  if (schema.maxLength !== undefined) values.push('k'.repeat(schema.maxLength));
  return values;
}

/** Values just outside each documented bound or format: the service must refuse every one. */
function valuesOutside(parameter: ParameterObject): string[] {
  const schema = schemaOf(parameter);
  const values: string[] = [];
  if (schema.type === 'integer') values.push('x', '1.5', '');
  if (schema.enum) values.push(String(Math.max(...schema.enum) + 1));
  if (schema.minimum !== undefined) values.push(String(schema.minimum - 1));
  if (schema.maximum !== undefined) values.push(String(schema.maximum + 1));
  if (schema.minLength !== undefined) values.push('k'.repeat(schema.minLength - 1));
  if (schema.maxLength !== undefined) values.push('k'.repeat(schema.maxLength + 1));
  if (schema.format === 'date') values.push('2026-02-30', '20260301', '2026-03-01T00:00:00Z');
  if (schema.format === 'uuid') values.push('not-a-uuid', '0190a7c4-5b2e-7c3d-8e4f-123456789ab');
  if (schema.pattern && parameter.name in PATTERNED) values.push('', 'unknown.type', `${sample(parameter)},`);
  return values;
}

function requiredQuery(parameters: readonly ParameterObject[]): Record<string, string> {
  return Object.fromEntries(parameters.filter((p) => p.required).map((p) => [p.name, sample(p)]));
}

function accepts(pipe: Pick<ListingQueryPipe<object>, 'transform'>, query: Record<string, unknown>): true | string {
  try {
    pipe.transform(query);
    return true;
  } catch (error) {
    if (error instanceof RequestError && error.status === 400) return error.message;
    throw error;
  }
}

const WORKSPACE = join(__dirname, '../../../..');
/** swagger-parser through tools/openapi-parser.cjs, in plain Node (see there why). */
function swaggerParser(operation: 'validate' | 'dereference', document: unknown): Promise<OpenAPIObject> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['tools/openapi-parser.cjs', operation],
      { cwd: WORKSPACE, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(stderr || error.message)) : resolve(JSON.parse(stdout))),
    );
    child.stdin?.end(JSON.stringify(document));
  });
}

/** Every parameter example in a document, as `path name`. */
function everyExample(document: OpenAPIObject): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.values(item as Record<string, OperationObject>).flatMap((op) =>
      ((op.parameters ?? []) as ParameterObject[]).filter((p) => 'example' in p).map((p) => `${path} ${p.name}`),
    ),
  );
}

const operation = (path: string, method: string) =>
  (openApiDocument.paths[path] as Record<string, OperationObject>)[method];

describe('OpenAPI document', () => {
  let dereferenced: OpenAPIObject;
  // strictRequired would refuse the `then: { required: [block] }` of the register flag rule, whose
  // properties are declared one level up; every other strict check stays on.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
  addFormats(ajv);

  beforeAll(async () => {
    dereferenced = await swaggerParser('dereference', openApiDocument);
  });

  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    await expect(swaggerParser('validate', openApiDocument)).resolves.toMatchObject({ openapi: '3.1.0' });
    expect(openApiDocument.openapi).toBe('3.1.0');
    expect(openApiDocument.info).toMatchObject({ title: 'Mission Workforce and Results API', version: '1.0.0' });
    expect(openApiDocument.servers).toEqual([{ url: '/' }]);
  });

  it('every schema is well formed JSON Schema 2020-12 (strict: an unknown or misspelt keyword fails)', () => {
    const components = dereferenced.components ?? {};
    const problems: string[] = [];
    for (const [name, schema] of Object.entries(components.schemas ?? {})) {
      try {
        ajv.compile(schema);
      } catch (error) {
        problems.push(`${name}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
    for (const item of Object.values(dereferenced.paths)) {
      for (const op of Object.values(item) as OperationObject[]) {
        for (const parameter of (op.parameters ?? []) as ParameterObject[]) {
          const validate = ajv.compile(parameter.schema as object);
          expect(validate(schemaOf(parameter).type === 'integer' ? Number(sample(parameter)) : sample(parameter))).toBe(true);
        }
      }
    }
  });

  it('has exactly the service’s operations, each with the statuses the service produces', () => {
    const documented = Object.fromEntries(
      Object.entries(openApiDocument.paths).map(([path, item]) => [
        path,
        Object.fromEntries(Object.entries(item as Record<string, OperationObject>).map(([method, op]) => [method, Object.keys(op.responses).sort()])),
      ]),
    );
    expect(documented).toEqual(OPERATIONS);
    const ids = Object.entries(OPERATIONS).flatMap(([path, methods]) => Object.keys(methods).map((method) => operation(path, method).operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents every route the controllers declare, and no other', () => {
    const routes: string[] = [];
    const directory = join(__dirname, '..');
    for (const file of readdirSync(directory, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.controller.ts'))) {
      for (const exported of Object.values(require(join(directory, file)) as Record<string, unknown>)) {
        if (typeof exported !== 'function' || Reflect.getMetadata(PATH_METADATA, exported) === undefined) continue;
        const base = Reflect.getMetadata(PATH_METADATA, exported) as string;
        for (const name of Object.getOwnPropertyNames(exported.prototype)) {
          const handler = exported.prototype[name];
          const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
          if (method === undefined) continue;
          const sub = Reflect.getMetadata(PATH_METADATA, handler) as string;
          const path = [base, sub].filter((part) => part && part !== '/').join('/').replace(/:(\w+)/g, '{$1}');
          routes.push(`${RequestMethod[method].toLowerCase()} /${path}`);
        }
      }
    }
    const documented = Object.entries(OPERATIONS).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    // Prometheus' scrape endpoint is for operators, off unless METRICS=true, and no client's business.
    expect(routes.filter((route) => route !== 'get /metrics').sort()).toEqual(documented.sort());
    expect(routes).toContain('get /metrics');
  });

  it('requires both credential headers together (one security requirement naming both schemes), except on /health', () => {
    expect(openApiDocument.components?.securitySchemes).toEqual({
      clientIdAuth: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'client-id' }),
      clientSecretAuth: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'client-secret' }),
    });
    // Two requirement objects would mean either header alone is enough.
    expect(openApiDocument.security).toHaveLength(1);
    expect(openApiDocument.security).toEqual([{ clientIdAuth: [], clientSecretAuth: [] }]);
    for (const path of ['/health', '/health/live', '/health/ready']) expect(operation(path, 'get').security).toEqual([]);
    for (const path of Object.keys(OPERATIONS).filter((p) => p.startsWith('/v1/'))) {
      for (const op of Object.values(openApiDocument.paths[path] as Record<string, OperationObject>)) expect(op.security).toBeUndefined();
    }
  });

  describe('try-it-out (Swagger UI pre-fills a parameter from its example, examples or schema example)', () => {
    const everyParameter = () =>
      Object.entries(openApiDocument.paths).flatMap(([path, item]) =>
        Object.entries(item as Record<string, OperationObject>).flatMap(([method, op]) =>
          ((op.parameters ?? []) as ParameterObject[]).map((parameter) => ({ where: `${method} ${path} ${parameter.in} ${parameter.name}`, parameter })),
        ),
      );

    it('pre-fills no parameter or header with an example value', () => {
      const prefilled = everyParameter()
        .filter(({ parameter }) => ['example', 'examples'].some((key) => key in parameter || key in (parameter.schema ?? {})))
        .map(({ where }) => where);
      expect(prefilled).toEqual([]);
      expect(everyParameter().map(({ where }) => where)).toContain('post /v1/missions/demands header Idempotency-Key');
    });

    it('pre-fills only defaults, on optional parameters, that are what the service applies when the parameter is absent', () => {
      const defaults = everyParameter()
        .filter(({ parameter }) => schemaOf(parameter).default !== undefined)
        .map(({ parameter }) => [parameter.name, parameter.required, schemaOf(parameter).default]);
      expect(new Set(defaults.map((entry) => JSON.stringify(entry)))).toEqual(
        new Set([JSON.stringify(['page', false, 1]), JSON.stringify(['itemsPerPage', false, 10]), JSON.stringify(['limit', false, 50])]),
      );
    });

    it('gives examples in the descriptions instead', () => {
      const description = (name: string) => LISTING_PARAMETERS.workforce.find((p) => p.name === name)?.description;
      expect(description('mbKey')).toContain('`MB-7K2Q9X`');
      expect(description('search')).toContain('`silva`');
      expect(description('startedAt')).toContain('`2026-03-01`');
    });
  });

  describe('the embedded demo’s document', () => {
    const values: TryItOutValues = {
      demand: { missionMainId: '8a6e0804-2bd0-4672-b79d-d97027f9071a', datePicked: '2026-12-08', participants: 2 },
      period: { first: '2026-04-25', last: '2026-11-01' },
      formId: 6,
    };
    const demo = openApiDocumentWith(values);
    const demoOperation = (path: string, method: string) => (demo.paths[path] as Record<string, OperationObject>)[method];
    const examples = (path: string) =>
      Object.fromEntries(((demoOperation(path, 'get').parameters ?? []) as ParameterObject[]).filter((p) => 'example' in p).map((p) => [p.name, p.example]));

    it('fills the required parameters of each listing with a period that has data, and nothing else', () => {
      const first = values.period.first;
      const last = values.period.last;
      expect(examples('/v1/forms-data/customers')).toEqual({ initialDate: first, finalDate: last, page: 1, formId: 6 });
      expect(examples('/v1/deliveries/results')).toEqual({ startedAt: first, endedAt: last });
      expect(examples('/v1/pdv/results')).toEqual({ startedAt: first, endedAt: last });
      expect(examples('/v1/missions-users/workforce/reports')).toEqual({});
      expect(examples('/v1/registers/results')).toEqual({});
    });

    it('fills the demand body with the demo account’s values, and never the Idempotency-Key', () => {
      const op = demoOperation('/v1/missions/demands', 'post');
      expect((op.requestBody as { content: Record<string, { example: unknown }> }).content['application/json'].example).toEqual(values.demand);
      expect(op.parameters).toEqual(operation('/v1/missions/demands', 'post').parameters);
    });

    it('leaves the document every other service serves as it was, and stays valid', async () => {
      expect(everyExample(openApiDocument)).toEqual([]);
      await expect(swaggerParser('validate', demo)).resolves.toMatchObject({ openapi: '3.1.0' });
    });
  });

  describe.each(LISTINGS)('$path', ({ name, path, parameters, required, pipe, dto, cached }) => {
    const documented = LISTING_PARAMETERS[name];

    it('documents the contract’s parameters, in its order, with the contract’s required ones', () => {
      const query = (operation(path, 'get').parameters as ParameterObject[]).filter((p) => p.in === 'query');
      expect(query).toEqual(documented);
      expect(documented.map((p) => p.name)).toEqual(parameters);
      expect(documented.filter((p) => p.required).map((p) => p.name)).toEqual(required);
      for (const parameter of documented) expect(parameter.in).toBe('query');
    });

    it('documents exactly the parameters the query DTO validates', () => {
      const validated = getMetadataStorage()
        .getTargetValidationMetadatas(dto, '', true, false)
        .map((metadata) => metadata.propertyName);
      expect([...new Set(validated)].sort()).toEqual([...parameters].sort());
    });

    it('the pipe accepts every documented parameter, on and inside its bounds, alone and all together', () => {
      const base = requiredQuery(documented);
      const refused = documented.flatMap((parameter) =>
        valuesInside(parameter)
          .map((value) => [parameter.name, value, accepts(pipe, { ...base, [parameter.name]: value })])
          .filter(([, , answer]) => answer !== true),
      );
      expect(refused).toEqual([]);
      expect(accepts(pipe, Object.fromEntries(documented.map((p) => [p.name, sample(p)])))).toBe(true);
    });

    it('the pipe refuses every value just outside a documented bound, and any undocumented parameter', () => {
      const base = requiredQuery(documented);
      const accepted = documented.flatMap((parameter) =>
        valuesOutside(parameter)
          .filter((value) => accepts(pipe, { ...base, [parameter.name]: value }) === true)
          .map((value) => [parameter.name, value]),
      );
      expect(accepted).toEqual([]);
      expect(accepts(pipe, { ...base, undocumented: '1' })).toBe('Invalid query params');
      expect(accepts(pipe, { ...base, itemsperpage: '1' })).toBe('Invalid query params');
    });

    it('the pipe refuses a request without each required parameter', () => {
      for (const missing of required) {
        const { [missing]: _omitted, ...rest } = requiredQuery(documented);
        expect(accepts(pipe, rest)).not.toBe(true);
      }
    });

    it(`documents the Cache-Control header ${cached ? 'of this cached listing' : 'only on cached listings'}`, () => {
      const headers = (operation(path, 'get').responses['200'] as { headers?: Record<string, unknown> }).headers;
      expect(headers !== undefined && 'Cache-Control' in headers).toBe(cached);
    });
  });

  describe('create demand', () => {
    const schema = () => (dereferenced.components?.schemas?.DemandRequest ?? {}) as { properties: object; required: string[] };

    it('documents every field the body pipe knows, the three required ones, and no other', () => {
      expect(Object.keys(schema().properties)).toEqual(DEMAND_FIELDS);
      expect(schema().required).toEqual(['missionMainId', 'datePicked', 'participants']);
    });

    it('the documented example conforms to the schema and passes the body pipe', () => {
      const op = operation('/v1/missions/demands', 'post');
      const example = (op.requestBody as { content: Record<string, { example: unknown }> }).content['application/json'].example;
      const validate = ajv.compile(schema());
      expect(validate(example) ? [] : validate.errors).toEqual([]);
      expect(() => new DemandBodyPipe().transform(example)).not.toThrow();
    });

    it('the documented shift pattern agrees with the domain’s shift parser on typical inputs', () => {
      const validate = ajv.compile(schema());
      const base = { missionMainId: '8a6e0804-2bd0-4672-b79d-d97027f9071a', datePicked: '2026-12-01', participants: 1 };
      for (const shift of ['2026-12-01-08:00-17:00-0', '2026-12-01-22:00-06:00-12']) {
        expect(validate({ ...base, shifts: [shift] })).toBe(true);
        expect(() => new DemandBodyPipe().transform({ ...base, shifts: [shift] })).not.toThrow();
      }
      for (const shift of ['2026-12-01-8:00-17:00-0', '2026-12-01-08:00-24:00-0', '2026-12-01-08:00-17:00-01', '2026-12-01-08:00-17:00']) {
        expect(validate({ ...base, shifts: [shift] })).toBe(false);
        expect(() => new DemandBodyPipe().transform({ ...base, shifts: [shift] })).toThrow(RequestError);
      }
    });
  });

  describe('item schemas', () => {
    const compile = (name: string) => ajv.compile(dereferenced.components?.schemas?.[name] ?? {});

    it('RegisterResultItem requires a block exactly when its flag is true', () => {
      const validate = compile('RegisterResultItem');
      const uuid = '8a6e0804-2bd0-4672-b79d-d97027f9071a';
      const item = {
        register_id: uuid,
        register_updated_at: '2026-03-10T12:00:00.000Z',
        mission_id: uuid,
        missions_main_id: uuid,
        mb_key: 'MB-1',
        mu_key: 'MU-1',
        mission: 'Missão',
        identifier: 'REG-1',
        has_pos: true,
        has_forms: false,
        check_in_check_out: false,
        has_delivery_places: false,
      };
      expect(validate({ ...item, pdv: [] })).toBe(true);
      expect(validate(item)).toBe(false);
      expect(validate({ ...item, pdv: [], forms_data: [] })).toBe(false);
      expect(validate({ ...item, pdv: [], extra: 1 })).toBe(false);
    });

    it('WorkforceResultItem accepts a participant who never checked in and refuses a missing field', () => {
      const validate = compile('WorkforceResultItem');
      const item = {
        mission_date: '2026-03-10T12:00:00.000Z',
        user_name: 'Ana',
        mission: 'Missão',
        mb_key: 'MB-1',
        mu_key: 'MU-1',
        mission_status: 0,
        check_in_at: null,
        check_out_at: null,
        store_duration: '',
        rating: null,
        rating_message: null,
        is_buffer: false,
        requests: null,
        is_sla: false,
        has_token_input: 'no',
      };
      expect(validate(item) ? [] : validate.errors).toEqual([]);
      expect(validate({ ...item, store_duration: '108:30:15', rating: 5, requests: ['water'], check_in_at: '2026-03-10T11:00:00.000Z' })).toBe(true);
      expect(validate({ ...item, mission_status: 11 })).toBe(false);
      expect(validate({ ...item, rating: 6 })).toBe(false);
      const { rating: _rating, ...missing } = item;
      expect(validate(missing)).toBe(false);
    });
  });

  describe('event schemas: the feed item and the webhook body', () => {
    const uuid = '0190a7c4-5b2e-7c3d-8e4f-123456789abc';
    const at = '2026-12-01T11:20:00.000Z';
    const samples: { [T in EventType]: EventData[T] } = {
      'demand.created': { demandId: uuid, missionMainId: uuid, missions: [{ mbKey: 'MB-1', storeId: null, missionDate: at, places: 2 }] },
      'participant.status_changed': { muKey: 'MU-1', mbKey: 'MB-1', from: 0, fromName: 'WAITING', to: 1, toName: 'STARTED', at, isSla: true },
      'register.submitted': { registerId: uuid, muKey: 'MU-1', mbKey: 'MB-1', identifier: 'R-1', status: 'PENDING' },
      'register.reviewed': { registerId: uuid, muKey: 'MU-1', mbKey: 'MB-1', identifier: 'R-1', status: 'REPROVED' },
      'pdv.done': { pdvId: uuid, registerId: uuid, muKey: 'MU-1', mbKey: 'MB-1', importProductsId: uuid, product: 'Café', deliveredAt: at },
      'delivery.finished': {
        deliveryId: uuid,
        type: 'COLLECTION',
        muKey: 'MU-1',
        mbKey: 'MB-1',
        identifier: 'S-1',
        placeName: 'Depot',
        startedAt: at,
        finishedAt: at,
      },
    };
    const compile = (name: string) => ajv.compile(dereferenced.components?.schemas?.[name] ?? {});
    const events = Object.entries(samples).map(([type, data]) =>
      newEvent(type as EventType, { id: uuid, accountId: 'account', occurredAt: new Date(at) }, data as never),
    );

    it('every event type, as the domain makes it, conforms to Event (with id) and WebhookPayload (without)', () => {
      const [item, payload] = [compile('Event'), compile('WebhookPayload')];
      for (const event of events) {
        expect([event.type, item(eventItem(event)) ? [] : item.errors]).toEqual([event.type, []]);
        expect([event.type, payload(eventBody(event)) ? [] : payload.errors]).toEqual([event.type, []]);
        expect(payload(eventItem(event))).toBe(false);
      }
    });

    it('refuses a body whose data is not its type’s', () => {
      const payload = compile('WebhookPayload');
      expect(payload({ ...eventBody(events[0]), type: 'pdv.done' })).toBe(false);
      expect(payload({ ...eventBody(events[1]), data: { ...samples['participant.status_changed'], to: 11 } })).toBe(false);
    });
  });

  describe('webhooks', () => {
    const schema = (name: string) => ajv.compile(dereferenced.components?.schemas?.[name] ?? {});
    const example = (path: string, method: string) =>
      (operation(path, method).requestBody as { content: Record<string, { example?: unknown }> }).content['application/json'].example;

    it('the documented request example conforms to the schema and passes the body pipe; so does one for a redelivery', () => {
      const validate = schema('WebhookRequest');
      expect(validate(example('/v1/webhooks', 'post')) ? [] : validate.errors).toEqual([]);
      expect(() => new WebhookBodyPipe().transform(example('/v1/webhooks', 'post'))).not.toThrow();
      expect(schema('RedeliveryRequest')({ eventId: '0190a7c4-5b2e-7c3d-8e4f-123456789abc' })).toBe(true);
      expect(() => new RedeliveryBodyPipe().transform({ eventId: '0190a7c4-5b2e-7c3d-8e4f-123456789abc' })).not.toThrow();
    });

    it('the body pipe refuses what the schema refuses', () => {
      const validate = schema('WebhookRequest');
      for (const body of [{}, { url: 'https://x.example', extra: 1 }, { url: 'https://x.example', events: 'pdv.done' }, { url: 7 }]) {
        expect([body, validate(body)]).toEqual([body, false]);
        expect(() => new WebhookBodyPipe().transform(body)).toThrow(RequestError);
      }
    });

    it('documents one signed delivery per event type, with the three Standard Webhooks headers', () => {
      const webhooks = (openApiDocument as OpenAPIObject & { webhooks: Record<string, { post: OperationObject }> }).webhooks;
      expect(Object.keys(webhooks)).toEqual([...EVENT_TYPES]);
      for (const [type, item] of Object.entries(webhooks)) {
        expect([type, ((item.post.parameters ?? []) as ParameterObject[]).map((p) => `${p.in} ${p.name}`)]).toEqual([
          type,
          ['header webhook-id', 'header webhook-timestamp', 'header webhook-signature'],
        ]);
      }
    });

    it('a created webhook’s documented shape holds the secret format the service makes', () => {
      const validate = schema('WebhookCreated');
      const created = { id: '0190a7c4-5b2e-7c3d-8e4f-123456789abc', url: 'https://x.example/', events: ['*'], secret: newWebhookSecret(), createdAt: '2026-12-01T12:00:00.000Z' };
      expect(validate(created) ? [] : validate.errors).toEqual([]);
      expect(validate({ ...created, secret: 'whsec_short' })).toBe(false);
    });
  });
});
