import { createHash, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { openDataSource } from '../database/data-source';
import { createMigratedTestDatabase, type TestDatabase } from '../../testing/test-database';
import { TypeOrmClientAccountRepository } from './typeorm-client-account.repository';

let database: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  database = await createMigratedTestDatabase();
  dataSource = await openDataSource({ url: database.url, poolSize: 2 });
});

afterAll(async () => {
  await dataSource.destroy();
  await database.drop();
});

interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

/** What PostgreSQL did for a plan, node by node: rows produced and pages touched. */
function work(node: PlanNode): unknown {
  return {
    node: node['Node Type'],
    rows: node['Actual Rows'],
    loops: node['Actual Loops'],
    pages: node['Shared Hit Blocks'] + node['Shared Read Blocks'],
    children: (node.Plans ?? []).map(work),
  };
}

describe('TypeOrmClientAccountRepository.credentialOf: the same work in the database whatever the id (docs/adr/0004)', () => {
  it('a known, an unknown and a revoked client id run the same statement, with the same plan, rows and pages', async () => {
    const repository = new TypeOrmClientAccountRepository(dataSource);
    // Fixed ids, so that the index has the same pages every run: an id whose neighbour sits on the
    // leaf page before its own reads one page more, known or not, and random ids would make that
    // a matter of chance.
    const clientId = (label: string) => `cl_${createHash('sha256').update(label).digest('hex').slice(0, 24)}`;
    const create = async (id: string, revoked: boolean) => {
      await repository.create({ id: randomUUID(), clientId: id, name: 'Acme', secretHash: 'ab'.repeat(32), createdAt: new Date() });
      if (revoked) await repository.revoke(id, new Date());
    };
    // The lowest id of all, so that every id below is checked against a neighbour; and enough
    // neighbours that the planner reads the index for any id (on a table of one page it may read
    // the page whole, which is as much work for every id, but a plan of another shape).
    await create('cl_', false);
    await dataSource.query(
      `INSERT INTO client_accounts (id, client_id, name, secret_hash, created_at, revoked_at)
       SELECT gen_random_uuid(), 'cl_' || substr(md5('neighbour ' || i), 1, 24), 'Neighbour', repeat('ab', 32), now(), CASE WHEN i % 4 = 0 THEN now() END
         FROM generate_series(1, 2000) AS i`,
    );
    const known = clientId('known');
    const revoked = clientId('revoked');
    await create(known, false);
    await create(revoked, true);
    await dataSource.query('VACUUM ANALYZE client_accounts');

    const sent: { sql: string; parameters: unknown }[] = [];
    const query = dataSource.query.bind(dataSource);
    const spy = jest.spyOn(dataSource, 'query').mockImplementation(async (...args: Parameters<DataSource['query']>) => {
      sent.push({ sql: args[0], parameters: args[1] });
      return query(...args);
    });
    const kinds = {
      known,
      unknown: clientId('unknown'),
      revoked,
      'unknown, right after a known id': `${known}0`,
      'unknown, low': 'cl_0000000000000000',
      'unknown, high': 'cl_ffffffffffffffff',
    };
    for (const id of Object.values(kinds)) await repository.credentialOf(id);
    spy.mockRestore();

    expect(new Set(sent.map(({ sql }) => sql)).size).toBe(1);
    const plans: Record<string, unknown> = {};
    for (const [kind, { sql, parameters }] of Object.keys(kinds).map((kind, i) => [kind, sent[i]] as const)) {
      const [{ 'QUERY PLAN': [plan] }] = await dataSource.query(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF, SUMMARY OFF, FORMAT JSON) ${sql}`,
        parameters as unknown[],
      );
      plans[kind] = work(plan.Plan);
    }
    expect(plans['unknown']).toEqual(plans['known']);
    expect(plans['revoked']).toEqual(plans['known']);
    expect(plans['unknown, right after a known id']).toEqual(plans['known']);
    expect(plans['unknown, low']).toEqual(plans['known']);
    expect(plans['unknown, high']).toEqual(plans['known']);
    expect(JSON.stringify(plans['known'])).toContain('"rows":1');
  });
});
