import { execFile } from 'node:child_process';
import { Script } from 'node:vm';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import type { Credentials } from './support/fixtures';
import { ReportFixtures } from './support/report-fixtures';
import { WORKSPACE } from './support/server';

// The served document is checked against the running service: every listing answers data that
// conforms to its documented 200 schema (closed objects with every field required, so a field
// added or removed on either side fails here), every documented query parameter is accepted on
// its bounds and refused past them, and an undocumented one is refused.

interface ParameterSchema {
  type?: string;
  format?: string;
  enum?: number[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: number;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: ParameterSchema;
}

interface MediaType {
  schema?: object;
  examples?: Record<string, { value: { error: string } }>;
}

interface Response {
  content?: Record<string, MediaType>;
  headers?: Record<string, { schema: object }>;
}

interface Operation {
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, Response>;
}

interface OpenApi {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
}

const LISTINGS = [
  '/v1/forms-data/customers',
  '/v1/missions-users/workforce/reports',
  '/v1/deliveries/results',
  '/v1/pdv/results',
  '/v1/registers/results',
];
const CACHED = ['/v1/forms-data/customers', '/v1/deliveries/results'];
const JSON_TYPE = 'application/json';

/** swagger-parser through tools/openapi-parser.cjs, in plain Node (see there why). */
function swaggerParser(operation: 'validate' | 'dereference', document: unknown): Promise<OpenApi> {
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

// The document pre-fills nothing (Swagger UI would send it on the first try), so the tests pick
// their own valid value for each parameter.
const PERIOD_ENDS: Record<string, string> = { initialDate: '2026-03-01', startedAt: '2026-03-01', finalDate: '2026-03-31', endedAt: '2026-03-31' };

/** A value the parameter's schema allows. */
function sample({ name, schema }: Parameter): string {
  if (schema.format === 'date') return PERIOD_ENDS[name];
  if (schema.enum) return String(schema.enum[0]);
  if (schema.type === 'integer') return String(schema.default ?? schema.minimum);
  return 'k'.repeat(schema.minLength ?? 1);
}

/** Values on and inside each documented bound: the service must accept every one. */
function valuesInside(parameter: Parameter): string[] {
  const { schema } = parameter;
  const values = [sample(parameter)];
  if (schema.enum) values.push(...schema.enum.map(String));
  if (schema.minimum !== undefined) values.push(String(schema.minimum));
  if (schema.maximum !== undefined) values.push(String(schema.maximum));
  if (schema.minLength !== undefined) values.push('k'.repeat(schema.minLength));
  if (schema.maxLength !== undefined) values.push('k'.repeat(schema.maxLength));
  return values;
}

/** Values just outside each documented bound or format: the service must refuse every one. */
function valuesOutside({ schema }: Parameter): string[] {
  const values: string[] = [];
  if (schema.type === 'integer') values.push('x', '1.5', '');
  if (schema.enum) values.push(String(Math.max(...schema.enum) + 1));
  if (schema.minimum !== undefined) values.push(String(schema.minimum - 1));
  if (schema.maximum !== undefined) values.push(String(schema.maximum + 1));
  if (schema.minLength !== undefined) values.push('k'.repeat(schema.minLength - 1));
  if (schema.maxLength !== undefined) values.push('k'.repeat(schema.maxLength + 1));
  if (schema.format === 'date') values.push('2026-02-30', '20260301', '2026-03-01T00:00:00Z');
  return values;
}

describe('OpenAPI document, served and checked against the running service', () => {
  const env = useE2eEnvironment();
  // strictRequired would refuse the `then: { required: [block] }` of the register flag rule, whose
  // properties are declared one level up; every other strict check stays on.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
  addFormats(ajv);
  let served: unknown;
  let api: OpenApi;
  let who: Credentials;
  let formId: number;

  const http = () => request(env.server.baseUrl);
  const get = (path: string, query: Record<string, unknown> = {}) => http().get(path).set(who.headers).query(query);
  const listing = (path: string) => api.paths[path].get;
  const parametersOf = (path: string) => listing(path).parameters ?? [];
  const requiredQuery = (path: string) =>
    Object.fromEntries(parametersOf(path).filter((p) => p.required).map((p) => [p.name, sample(p)]));
  const documentedErrors = (response: Response) => Object.values(response.content?.[JSON_TYPE]?.examples ?? {}).map((e) => e.value.error);

  function conformance(schema: object | undefined, value: unknown): unknown[] {
    if (schema === undefined) throw new Error('no schema documented');
    const validate = ajv.compile(schema);
    return validate(value) ? [] : (validate.errors ?? []);
  }

  function expectError(res: request.Response, status: number, response: Response | undefined) {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(conformance(response?.content?.[JSON_TYPE]?.schema ?? api.components.schemas.ErrorBody, res.body)).toEqual([]);
  }

  beforeAll(async () => {
    const res = await http().get('/docs-json');
    expect(res.status).toBe(200);
    served = res.body;
    api = await swaggerParser('dereference', served);

    const fixtures = new ReportFixtures(env.sql);
    who = await env.fixtures.account('OpenAPI account');
    formId = await fixtures.form(who.accountId, 'Checklist');
    const product = await fixtures.product(who.accountId, ['Alimentos', 'Cafés'], 'Café Torrado 500g');

    const everyBlock = await fixtures.chain(who.accountId, {
      flags: { has_pos: true, has_forms: true, check_in_check_out: true, has_delivery_places: true },
      missionName: 'Todos os blocos',
      userName: 'Ana Souza',
    });
    const register = await fixtures.register(everyBlock, { identifier: 'REG-ALL' });
    await fixtures.answers(everyBlock, register, formId, '2026-03-10T12:00:00Z', [
      ['Prateleira cheia?', 'Sim'],
      ['Quantas frentes?', '4'],
    ]);
    await fixtures.pdv(everyBlock, register, product, { data: { facings: 4, notes: ['ok'] } });
    await fixtures.stop(everyBlock, { type: 'COLLECTION', finished: true });
    await fixtures.stop(everyBlock, { type: 'DELIVERY', finished: false });

    await fixtures.register(await fixtures.chain(who.accountId, { missionName: 'Sem blocos' }), { identifier: 'REG-NONE' });
    await fixtures.chain(who.accountId, { flags: { check_in_check_out: true }, userName: 'Nunca entrou', status: 0 });
    await fixtures.chain(who.accountId, { flags: { check_in_check_out: true }, userName: 'Em campo', status: 1 });
  });

  describe('the document', () => {
    it('GET /docs-json serves a valid OpenAPI 3.1 document without credentials', async () => {
      const res = await http().get('/docs-json');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      await expect(swaggerParser('validate', served)).resolves.toMatchObject({ openapi: '3.1.0' });
      expect(api.info).toMatchObject({ title: 'Mission Workforce and Results API', version: '1.0.0' });
    });

    it('GET /docs serves the Swagger UI, its assets coming from the service itself', async () => {
      const page = await http().get('/docs');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('swagger-ui');
      for (const asset of ['/docs/swagger-ui-bundle.js', '/docs/swagger-ui-init.js', '/docs/swagger-ui.css']) {
        expect([asset, (await http().get(asset)).status]).toEqual([asset, 200]);
      }
    });

    it('the Swagger UI start script compiles and carries the plugin that puts both credentials in one Authorize form', async () => {
      const script = (await http().get('/docs/swagger-ui-init.js')).text;
      expect(() => new Script(script)).not.toThrow();
      expect(script).toContain('definitionsToAuthorize');
      expect(script).toContain('SwaggerUIBundle.plugins.DownloadUrl');
    });

    it('documents exactly these listings', () => {
      const gets = Object.keys(api.paths).filter((path) => api.paths[path].get?.tags?.includes('Reports'));
      expect(gets.sort()).toEqual([...LISTINGS].sort());
    });
  });

  describe('real responses conform to the documented schemas', () => {
    const bodyOf = async (path: string, query: Record<string, unknown>) => {
      const res = await get(path, query);
      expect(res.status).toBe(200);
      expect(conformance(listing(path).responses['200'].content?.[JSON_TYPE]?.schema, res.body)).toEqual([]);
      const cacheControl = listing(path).responses['200'].headers?.['Cache-Control'];
      expect(cacheControl !== undefined).toBe(CACHED.includes(path));
      if (cacheControl) expect(conformance(cacheControl.schema, res.headers['cache-control'])).toEqual([]);
      expect(res.body.data.length).toBeGreaterThan(0);
      return res.body as { data: Record<string, unknown>[] };
    };

    it('form answers', async () => {
      await bodyOf('/v1/forms-data/customers', { initialDate: '2026-03-01', finalDate: '2026-03-31', page: 1, formId });
    });

    it('workforce results, including a participant who never checked in', async () => {
      const body = await bodyOf('/v1/missions-users/workforce/reports', { itemsPerPage: 50 });
      expect(body.data.map((item) => item.check_in_at === null)).toContain(true);
      expect(body.data.map((item) => item.check_out_at === null && item.check_in_at !== null)).toContain(true);
    });

    it('collections and deliveries, in both progress states', async () => {
      const body = await bodyOf('/v1/deliveries/results', { startedAt: '2026-03-01', endedAt: '2026-03-31', itemsPerPage: 50 });
      expect(body.data.map((item) => item.progress).sort()).toEqual([1, 2]);
    });

    it('point-of-sale results', async () => {
      await bodyOf('/v1/pdv/results', { startedAt: '2026-03-01', endedAt: '2026-03-31' });
    });

    it('register results, with all four blocks and with none', async () => {
      const body = await bodyOf('/v1/registers/results', { itemsPerPage: 50 });
      const byIdentifier = Object.fromEntries(body.data.map((item) => [item.identifier, item]));
      const blocks = ['pdv', 'forms_data', 'workforce', 'delivery'];
      expect(blocks.filter((block) => block in byIdentifier['REG-ALL'])).toEqual(blocks);
      expect(blocks.filter((block) => block in byIdentifier['REG-NONE'])).toEqual([]);
      expect((byIdentifier['REG-ALL'].delivery as unknown[]).length).toBe(2);
    });

    it('health', async () => {
      const res = await http().get('/health');
      expect(res.status).toBe(200);
      expect(conformance(api.paths['/health'].get.responses['200'].content?.[JSON_TYPE]?.schema, res.body)).toEqual([]);
    });

    it.each(['/health/live', '/health/ready'])('%s', async (path) => {
      const res = await http().get(path);
      expect(res.status).toBe(200);
      expect(conformance(api.paths[path].get.responses['200'].content?.[JSON_TYPE]?.schema, res.body)).toEqual([]);
    });
  });

  describe('create demand', () => {
    const demands = () => api.paths['/v1/missions/demands'].post;
    const post = (body: object, headers: Record<string, string> = {}) => http().post('/v1/missions/demands').set(who.headers).set(headers).send(body);

    it('a documented body answers 201 with an empty JSON body; a reused key with another body answers 409', async () => {
      const catalog = await env.fixtures.catalog(who.accountId);
      const body = {
        missionMainId: catalog.plainMission,
        datePicked: '2026-12-01',
        scheduledAt: '2026-12-01T08:00:00-03:00',
        participants: 2,
        storesIds: catalog.otherStores,
        formPdvId: catalog.formPdvId,
        custom_fields: { fields: [{ field: 'campaign', value: 'Summer' }] },
      };
      expect(conformance(demands().requestBody?.content[JSON_TYPE]?.schema, body)).toEqual([]);
      const res = await post(body, { 'Idempotency-Key': 'openapi-e2e-1' });
      expect(res.status).toBe(201);
      expect(Object.keys(demands().responses['201'].content ?? {})).toEqual([JSON_TYPE]);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.text).toBe('');
      expect(conformance(demands().responses['201'].headers?.['Location'].schema, res.headers['location'])).toEqual([]);
      const found = await http().get(res.headers['location']).set(who.headers);
      expect(found.status).toBe(200);
      expect(conformance(api.paths['/v1/missions/demands/{id}'].get.responses['200'].content?.[JSON_TYPE]?.schema, found.body)).toEqual([]);

      const events = await http().get('/v1/events').set(who.headers);
      expect(events.body.data.length).toBeGreaterThan(0);
      expect(conformance(api.paths['/v1/events'].get.responses['200'].content?.[JSON_TYPE]?.schema, events.body)).toEqual([]);

      const conflict = await post({ ...body, participants: 3 }, { 'Idempotency-Key': 'openapi-e2e-1' });
      expectError(conflict, 409, demands().responses['409']);
      expect(documentedErrors(demands().responses['409'])).toContain(conflict.body.error);
    });

    it('a broken business rule answers 422 with a documented error body', async () => {
      const body = { missionMainId: '8a6e0804-2bd0-4672-b79d-d97027f9071a', datePicked: '2026-12-01', participants: 1 };
      expect(conformance(demands().requestBody?.content[JSON_TYPE]?.schema, body)).toEqual([]);
      const res = await post(body);
      expectError(res, 422, demands().responses['422']);
      expect(documentedErrors(demands().responses['422'])).toContain(res.body.error);
    });

    it('a missing required field answers 400 with the documented message', async () => {
      const res = await post({ datePicked: '2026-12-01', participants: 1 });
      expectError(res, 400, demands().responses['400']);
      expect(documentedErrors(demands().responses['400'])).toContain(res.body.error);
    });
  });

  describe('webhooks', () => {
    it('an endpoint created, listed, its deliveries and a redelivery conform to their documented schemas', async () => {
      const schemaOf = (path: string, method: string, status: string) => api.paths[path][method].responses[status].content?.[JSON_TYPE]?.schema;
      const created = await http().post('/v1/webhooks').set(who.headers).send({ url: 'https://93.184.215.14/hooks', events: ['*'] });
      expect(created.status).toBe(201);
      expect(conformance(schemaOf('/v1/webhooks', 'post', '201'), created.body)).toEqual([]);
      const listed = await http().get('/v1/webhooks').set(who.headers);
      expect(conformance(schemaOf('/v1/webhooks', 'get', '200'), listed.body)).toEqual([]);
      const catalog = await env.fixtures.catalog(who.accountId);
      await http().post('/v1/missions/demands').set(who.headers).send({ missionMainId: catalog.plainMission, datePicked: '2026-12-01', participants: 1 });
      const deliveries = await http().get(`/v1/webhooks/${created.body.id}/deliveries`).set(who.headers);
      expect(deliveries.body.total).toBe(1);
      expect(conformance(schemaOf('/v1/webhooks/{id}/deliveries', 'get', '200'), deliveries.body)).toEqual([]);
      const again = await http().post(`/v1/webhooks/${created.body.id}/deliveries`).set(who.headers).send({ eventId: deliveries.body.data[0].eventId });
      expect(again.status).toBe(201);
      expect(conformance(schemaOf('/v1/webhooks/{id}/deliveries', 'post', '201'), again.body)).toEqual([]);
      expect((await http().delete(`/v1/webhooks/${created.body.id}`).set(who.headers)).status).toBe(204);
    });
  });

  describe('error bodies', () => {
    it('401 without credentials, with the documented message', async () => {
      const res = await http().get('/v1/registers/results');
      expectError(res, 401, listing('/v1/registers/results').responses['401']);
      expect(documentedErrors(listing('/v1/registers/results').responses['401'])).toEqual([res.body.error]);
    });

    it('404 for an unknown path', async () => {
      expectError(await get('/v1/unknown'), 404, undefined);
      expectError(await http().get('/unknown'), 404, undefined);
    });

    it('400 for an invalid query', async () => {
      const res = await get('/v1/registers/results', { itemsPerPage: 51 });
      expectError(res, 400, listing('/v1/registers/results').responses['400']);
    });
  });

  describe.each(LISTINGS)('%s: the documented parameters are the ones the service accepts', (path) => {
    it('every documented parameter is accepted on and inside its bounds, alone and all together', async () => {
      const base = requiredQuery(path);
      const refused: unknown[] = [];
      for (const parameter of parametersOf(path)) {
        for (const value of valuesInside(parameter)) {
          const res = await get(path, { ...base, [parameter.name]: value });
          if (res.status !== 200) refused.push([parameter.name, value, res.status, res.body]);
        }
      }
      expect(refused).toEqual([]);
      const all = await get(path, Object.fromEntries(parametersOf(path).map((p) => [p.name, sample(p)])));
      expect(all.status).toBe(200);
      expect(conformance(listing(path).responses['200'].content?.[JSON_TYPE]?.schema, all.body)).toEqual([]);
    });

    it('every value just outside a documented bound is refused with a documented 400', async () => {
      const base = requiredQuery(path);
      const documented = documentedErrors(listing(path).responses['400']);
      const wrong: unknown[] = [];
      for (const parameter of parametersOf(path)) {
        for (const value of valuesOutside(parameter)) {
          const res = await get(path, { ...base, [parameter.name]: value });
          if (res.status !== 400 || !documented.includes(res.body.error)) wrong.push([parameter.name, value, res.status, res.body]);
        }
      }
      expect(wrong).toEqual([]);
    });

    it('an undocumented or repeated parameter is refused with 400', async () => {
      const base = requiredQuery(path);
      // The other listings' parameters are the likeliest to be accepted here by mistake, or to have
      // been left out of this listing's documentation.
      const documentedHere = parametersOf(path).map((p) => p.name);
      const elsewhere = [...new Set(LISTINGS.flatMap((other) => parametersOf(other).map((p) => [p.name, p] as const)))]
        .filter(([name]) => !documentedHere.includes(name))
        .map(([name, parameter]) => ({ [name]: sample(parameter) }));
      for (const extra of [{ undocumented: '1' }, { PAGE: '1' }, ...elsewhere]) {
        const res = await get(path, { ...base, ...extra });
        expectError(res, 400, listing(path).responses['400']);
        expect([extra, res.body.error]).toEqual([extra, 'Invalid query params']);
      }
      const [first] = parametersOf(path);
      const repeated = await http()
        .get(`${path}?${new URLSearchParams({ ...base, [first.name]: sample(first) })}&${first.name}=${encodeURIComponent(sample(first))}`)
        .set(who.headers);
      expect(repeated.status).toBe(400);
    });

    it('each required parameter is required, and the documented defaults are the ones applied', async () => {
      const base = requiredQuery(path);
      for (const name of Object.keys(base)) {
        const { [name]: _omitted, ...rest } = base;
        const res = await get(path, rest);
        expectError(res, 400, listing(path).responses['400']);
      }
      const res = await get(path, base);
      expect(res.status).toBe(200);
      for (const parameter of parametersOf(path).filter((p) => p.schema.default !== undefined)) {
        expect([parameter.name, res.body[parameter.name]]).toEqual([parameter.name, parameter.schema.default]);
      }
    });
  });
});
