import { request as httpRequest } from 'node:http';
import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import type { Credentials } from './support/fixtures';

describe('request edges: empty bodies, huge page numbers, caching headers', () => {
  const env = useE2eEnvironment();
  let client: Credentials;

  beforeAll(async () => {
    client = await env.fixtures.account();
  });

  it('a JSON POST that sends no body at all is told which fields are required, not that its content type is wrong', async () => {
    const url = new URL('/v1/missions/demands', env.server.baseUrl);
    // No Content-Length and no body: a client that forgot to send one.
    const res = await new Promise<{ status: number; body: string }>((done, fail) => {
      const req = httpRequest(url, { method: 'POST', headers: { ...client.headers, 'Content-Type': 'application/json; charset=utf-8' } }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk)).on('end', () => done({ status: response.statusCode ?? 0, body }));
      });
      req.on('error', fail);
      req.end();
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'missionMainId, datePicked and participants are required' });
  });

  it('a page far past the end (twelve digits) is an empty page with the true total', async () => {
    const res = await request(env.server.baseUrl).get('/v1/registers/results').set(client.headers).query({ page: '999999999999' });
    expect(res.body).toEqual({ total: 0, page: 999999999999, itemsPerPage: 10, data: [] });
    const tooLong = await request(env.server.baseUrl).get('/v1/registers/results').set(client.headers).query({ page: '1000000000000' });
    expect(tooLong.body).toEqual({ error: 'Invalid query params' });
  });

  it('a formId no form can have is an empty listing, not an error', async () => {
    const res = await request(env.server.baseUrl)
      .get('/v1/forms-data/customers')
      .set(client.headers)
      .query({ initialDate: '2026-01-01', finalDate: '2026-01-02', page: '1', formId: '99999999999' });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(0);
  });

  it('nothing under /v1 may be stored by a cache unless a listing says so: no-store on errors and uncached listings', async () => {
    const base = request(env.server.baseUrl);
    expect((await base.get('/v1/registers/results')).headers['cache-control']).toBe('no-store');
    expect((await base.get('/v1/registers/results').set(client.headers)).headers['cache-control']).toBe('no-store');
    expect((await base.post('/v1/missions/demands').set(client.headers).send({})).headers['cache-control']).toBe('no-store');
    const cached = await base.get('/v1/deliveries/results').set(client.headers).query({ startedAt: '2026-01-01', endedAt: '2026-01-02' });
    expect(cached.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  });
});
