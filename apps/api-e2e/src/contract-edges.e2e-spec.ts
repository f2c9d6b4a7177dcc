import { connect } from 'node:net';
import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import type { Catalog, Credentials } from './support/fixtures';

describe('contract edges: which checks apply where, and what an error may echo', () => {
  const env = useE2eEnvironment();
  let client: Credentials;
  let catalog: Catalog;

  beforeAll(async () => {
    client = await env.fixtures.account();
    catalog = await env.fixtures.catalog(client.accountId);
  });

  const FORM_ANSWERS = '/v1/forms-data/customers?initialDate=2026-01-01&finalDate=2026-01-02&page=1';

  describe('form answers: "page or formId missing or not an integer >= 1: page and formId must be integers >= 1"', () => {
    it.each([
      ['formId holding a NUL byte', `${FORM_ANSWERS}&formId=a%00b`],
      ['formId that is only a NUL byte', `${FORM_ANSWERS}&formId=%00`],
      ['page holding a NUL byte', '/v1/forms-data/customers?initialDate=2026-01-01&finalDate=2026-01-02&page=1%00&formId=1'],
    ])('%s', async (_case, path) => {
      const res = await request(env.server.baseUrl).get(path).set(client.headers);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'page and formId must be integers >= 1' });
    });

    it('a NUL byte in a parameter the contract gives no message of its own is "Invalid query params"', async () => {
      const res = await request(env.server.baseUrl).get('/v1/registers/results?search=a%00b').set(client.headers);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid query params' });
    });
  });

  describe('a GET listing takes no body: whatever is sent with it is not read as JSON', () => {
    it.each([
      ['a broken JSON body', '{'],
      ['a 2 MiB body', JSON.stringify({ filler: 'x'.repeat(2 * 1024 * 1024) })],
    ])('%s: the listing answers as without it', async (_case, body) => {
      const res = await request(env.server.baseUrl)
        .get('/v1/registers/results')
        .set(client.headers)
        .set('Content-Type', 'application/json')
        .send(body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ total: 0, page: 1, itemsPerPage: 10, data: [] });
    });
  });

  describe('"404 unknown path: Not found" comes before any check of the body', () => {
    it.each([
      ['PUT with text/plain', 'put', 'text/plain', 'hello'],
      ['POST with text/plain', 'post', 'text/plain', 'hello'],
      ['POST with a broken JSON body', 'post', 'application/json', '{'],
      ['PATCH with JSON', 'patch', 'application/json', '{}'],
    ] as const)('%s to /v1/nothing', async (_case, method, type, body) => {
      const res = await request(env.server.baseUrl)[method]('/v1/nothing').set(client.headers).set('Content-Type', type).send(body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not found' });
    });

    it('a method the path does not have is 404 too, not 415', async () => {
      const res = await request(env.server.baseUrl).put('/v1/missions/demands').set(client.headers).set('Content-Type', 'text/plain').send('x');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not found' });
    });

    it('the body checks still apply where a body is taken: 415 on POST /v1/missions/demands', async () => {
      const res = await request(env.server.baseUrl).post('/v1/missions/demands').set(client.headers).set('Content-Type', 'text/plain').send('x');
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ error: 'Content-Type must be application/json' });
    });
  });

  describe('an unknown field is named, alone and short, never the body echoed back', () => {
    const required = () => ({ missionMainId: catalog.plainMission, datePicked: '2026-12-01', participants: 1 });

    it('90,000 unknown keys, the first holding markup: only the first is named', async () => {
      const body: Record<string, unknown> = { ...required(), '<script>alert(1)</script>': 1 };
      for (let i = 0; i < 90_000; i += 1) body[`k${i}`] = 1;
      const res = await request(env.server.baseUrl).post('/v1/missions/demands').set(client.headers).send(body);
      expect(res.status).toBe(400);
      expect(res.text).toBe(JSON.stringify({ error: 'Unknown field: <script>alert(1)</script>' }));
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('a field name of 10,000 characters is cut to its first 64, marked as cut', async () => {
      const res = await request(env.server.baseUrl)
        .post('/v1/missions/demands')
        .set(client.headers)
        .send({ ...required(), ['a'.repeat(10_000)]: 1 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: `Unknown field: ${'a'.repeat(64)}…` });
    });
  });

  describe('requests node\'s HTTP parser refuses still get a {"error"} body', () => {
    /** Sends raw bytes and reads the answer until the server closes the connection. */
    function raw(bytes: Buffer): Promise<{ status: number; headers: Record<string, string>; body: string }> {
      const url = new URL(env.server.baseUrl);
      return new Promise((done, fail) => {
        const socket = connect(Number(url.port), url.hostname);
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('error', fail);
        socket.on('close', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const [head, ...rest] = text.split('\r\n\r\n');
          const [statusLine, ...headerLines] = head.split('\r\n');
          const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
          done({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
        });
        socket.end(bytes);
      });
    }

    it.each([
      ['a raw 0xFF byte in the request target', 400, 'Malformed HTTP request', Buffer.concat([Buffer.from('GET /v1/registers/results?search='), Buffer.from([0xff]), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')])],
      ['a request line that is not HTTP', 400, 'Malformed HTTP request', Buffer.from('HELLO\r\n\r\n')],
      [
        'two 9 KB credential headers',
        431,
        'Request headers too large',
        Buffer.from(`GET /v1/registers/results HTTP/1.1\r\nHost: x\r\nclient-id: ${'i'.repeat(9 * 1024)}\r\nclient-secret: ${'s'.repeat(9 * 1024)}\r\n\r\n`),
      ],
    ] as const)('%s: %d {"error": "%s"}', async (_case, status, message, bytes) => {
      const res = await raw(bytes);
      expect(res.status).toBe(status);
      expect(res.body).toBe(JSON.stringify({ error: message }));
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['connection']).toBe('close');
    });
  });

  it('every answer carries X-Content-Type-Options: nosniff', async () => {
    const base = request(env.server.baseUrl);
    const answers = await Promise.all([
      base.get('/health'),
      base.get('/docs-json'),
      base.get('/nowhere'),
      base.get('/v1/registers/results'),
      base.get('/v1/registers/results').set(client.headers),
      base.get('/v1/registers/results?nope=1').set(client.headers),
      base.post('/v1/missions/demands').set(client.headers).send({ missionMainId: catalog.plainMission, datePicked: '2026-12-01', participants: 1 }),
      base.post('/v1/missions/demands').set(client.headers).set('Content-Type', 'application/json').send('{'),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 404, 401, 200, 400, 201, 400]);
    for (const res of answers) expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
