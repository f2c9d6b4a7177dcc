import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Writes go through the domain's commands and the persistence adapters (the demo account too, as
// the CLI makes one); the seed lib's tools write the demo's catalog and data. The HTTP app itself
// holds no SQL that changes anything, and its demo start no SQL at all.
const WRITE = /\b(INSERT\s+INTO|UPDATE\s+"?\w+"?\s+SET|DELETE\s+FROM|TRUNCATE|UPSERT|MERGE\s+INTO|ALTER\s+TABLE|CREATE\s+TABLE|DROP\s+TABLE)\b/i;
const ANY_QUERY = /\.(query|createQueryBuilder|getRepository)\s*\(/;
// Adapters come from the persistence module, bound to the domain's ports.
const OWN_ADAPTER = /new\s+(TypeOrm|Postgres)\w+\s*\(/;

const source = join(__dirname);
const files = readdirSync(source, { recursive: true, encoding: 'utf8' }).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.int-spec.ts'),
);
const text = (name: string) => readFileSync(join(source, name), 'utf8');

describe('SQL in apps/api', () => {
  it('the patterns catch what they are for', () => {
    expect(WRITE.test('await tx.query(`INSERT INTO client_accounts (id) VALUES ($1)`)')).toBe(true);
    expect(WRITE.test("UPDATE client_accounts SET revoked_at = now()")).toBe(true);
    expect(WRITE.test('delete from forms')).toBe(true);
    expect(ANY_QUERY.test('dataSource.query(`SELECT 1`)')).toBe(true);
    expect(OWN_ADAPTER.test('const accounts = new TypeOrmClientAccountRepository(dataSource);')).toBe(true);
    expect(WRITE.test('Last update of the register; the period filter applies to it.')).toBe(false);
  });

  it('no source file of the app writes with raw SQL, or builds a persistence adapter itself', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((name) => WRITE.test(text(name)))).toEqual([]);
    expect(files.filter((name) => OWN_ADAPTER.test(text(name)))).toEqual([]);
  });

  it('the demo start runs no query of its own: it goes through the domain and the seed lib', () => {
    const demo = files.filter((name) => name.startsWith('demo'));
    expect(demo).toEqual([join('demo', 'demo-account.ts')]);
    expect(demo.filter((name) => ANY_QUERY.test(text(name)))).toEqual([]);
  });
});
