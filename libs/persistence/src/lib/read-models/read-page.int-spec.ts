import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { openDataSource } from '../database/data-source';
import { createMigratedTestDatabase, type TestDatabase } from '../../testing/test-database';
import { readPage } from './read-page';
import { SearchAbandonedError } from './search-bulkhead';

describe('readPage: a page and its total from one statement', () => {
  let database: TestDatabase;
  let db: DataSource;
  const name = `read-page-${randomUUID()}`;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    db = await openDataSource({ url: database.url, poolSize: 2 });
    for (let i = 0; i < 5; i += 1) {
      await db.query(
        `INSERT INTO client_accounts (id, client_id, name, secret_hash, created_at) VALUES ($1, $2, $3, '', $4)`,
        [randomUUID(), `cl_${i}_${randomUUID()}`, name, new Date(Date.UTC(2026, 0, 1 + i))],
      );
    }
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const listing = (offset: number) => ({
    prelude: [`named AS MATERIALIZED (SELECT id, client_id, created_at FROM client_accounts WHERE name = $1)`],
    page: `SELECT client_id, iso_utc(created_at) AS created_at FROM named ORDER BY created_at DESC LIMIT 2 OFFSET ${offset}`,
    count: `SELECT count(*)::int FROM named`,
    params: [name],
  });

  it('keeps the page’s order and counts every match', async () => {
    const { rows, total } = await readPage<{ client_id: string; created_at: string }>(db, listing(1));
    expect(total).toBe(5);
    expect(rows.map((row) => row.created_at)).toEqual(['2026-01-04T00:00:00.000Z', '2026-01-03T00:00:00.000Z']);
    expect(rows[0].client_id).toMatch(/^cl_3_/);
  });

  it('a page past the end has no rows and the true total', async () => {
    expect(await readPage(db, listing(10))).toEqual({ total: 5, rows: [] });
  });

  it('rows keep their JSON types: numbers, nulls, objects, arrays and booleans come back as they were', async () => {
    const { rows } = await readPage(db, {
      prelude: [],
      page: `SELECT 4::int AS rating, NULL::int AS absent, '{"a": 1.5, "b": [null]}'::jsonb AS data,
                    ARRAY['Alimentos', 'Cafés']::text[] AS category, true AS is_sla, '["x"]'::jsonb AS requests, 'x'::text AS text`,
      count: `SELECT 1`,
      params: [],
    });
    expect(rows).toEqual([
      { rating: 4, absent: null, data: { a: 1.5, b: [null] }, category: ['Alimentos', 'Cafés'], is_sla: true, requests: ['x'], text: 'x' },
    ]);
  });

  it('sends exactly one statement, so the page and its total cannot see different data', async () => {
    const sent: string[] = [];
    const recording = { query: (sql: string, params: unknown[]) => (sent.push(sql), db.query(sql, params)) } as unknown as DataSource;
    await readPage(recording, listing(0));
    expect(sent).toHaveLength(1);
  });

  it('a statement whose client went away is cancelled on the server, and its connection serves the next one', async () => {
    const client = new AbortController();
    const slow = readPage(db, { prelude: [], page: `SELECT pg_sleep(10) AS slept`, count: `SELECT 0`, params: [] }, client.signal);
    const started = performance.now();
    setTimeout(() => client.abort(), 200);
    await expect(slow).rejects.toBeInstanceOf(SearchAbandonedError);
    expect(performance.now() - started).toBeLessThan(5_000);
    const [{ sleeping }] = await db.query(`SELECT count(*)::int AS sleeping FROM pg_stat_activity WHERE query LIKE '%pg_sleep(10)%' AND state = 'active' AND pid <> pg_backend_pid()`);
    expect(sleeping).toBe(0);
    expect(await readPage(db, listing(0), new AbortController().signal)).toMatchObject({ total: 5 });
  });

  it('a client gone before its statement starts is not sent at all', async () => {
    const gone = new AbortController();
    gone.abort();
    await expect(readPage(db, listing(0), gone.signal)).rejects.toBeInstanceOf(SearchAbandonedError);
  });
});
