// Measures the five report listings on a seeded account and prints what docs/benchmarks.md and
// docs/query-plans.md record: seeding time and memory, per-listing latency, and EXPLAIN (ANALYZE,
// BUFFERS) of the exact page and count statements the read models send.
//
//   npm run benchmark -- [--missions 100000] [--runs 20] [--plans docs/query-plans.md]
//                        [--http [--duration 5] [--targets] [--profile <dir>]] [--keep | --reuse <database>]
//
// Uses a fresh database on BENCH_DATABASE_URL's server, or an embedded PostgreSQL in a temporary
// folder; the database is dropped afterwards unless --keep is given. --reuse measures a database
// seeded before (by --keep, or by the CLI with accounts named "Benchmark account" and "Neighbour
// account") without seeding. --http adds the HTTP mode (http-benchmark.ts): the real service
// against a raw baseline, under load; it starts with issue 9's three targets side by side, and
// --targets stops after them. --profile writes a V8 CPU profile of the service into <dir>
// (summarised by profile-summary.ts).
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { hashSecret, type PageRequest, type Period, reportPeriod } from '@mwr/domain';
import {
  migrate,
  openDataSource,
  PostgresDeliveryResultsReadModel,
  PostgresFormAnswersReadModel,
  PostgresPdvResultsReadModel,
  PostgresRegisterResultsReadModel,
  PostgresWorkforceResultsReadModel,
} from '@mwr/persistence';
import { seedClientAccount } from '@mwr/seed';
import type { DataSource } from 'typeorm';
import { admin, toolPostgres } from '../tool-postgres';
import { httpBenchmark } from './http-benchmark';
import { verbBenchmark } from './verb-benchmark';

const { values } = parseArgs({
  options: {
    missions: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '20' },
    plans: { type: 'string' },
    http: { type: 'boolean', default: false },
    duration: { type: 'string', default: '5' },
    targets: { type: 'boolean', default: false },
    profile: { type: 'string' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
  },
});
const MISSIONS = Number(values.missions);
const RUNS = Number(values.runs);
const ZONE = 'America/Sao_Paulo';

interface Statement {
  sql: string;
  params: unknown[];
}

type Listing = {
  name: string;
  run: (db: DataSource) => Promise<unknown>;
};

async function createAccount(db: DataSource, name: string): Promise<{ id: string; clientId: string }> {
  const id = randomUUID();
  const clientId = `cl_bench_${id.slice(0, 8)}`;
  await db.query(`INSERT INTO client_accounts (id, client_id, name, secret_hash, created_at) VALUES ($1, $2, $3, $4, now())`, [
    id,
    clientId,
    name,
    hashSecret('unused', 'bench-pepper'),
  ]);
  return { id, clientId };
}

/** A stand-in DataSource that records what a read model would send, and answers emptily. */
function recorder(into: Statement[]): DataSource {
  return {
    query: async (sql: string, params: unknown[]) => {
      into.push({ sql, params });
      return [{ total: 0, rows: [] }];
    },
  } as unknown as DataSource;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function findAccount(db: DataSource, name: string): Promise<{ id: string; clientId: string }> {
  const [row] = await db.query(`SELECT id, client_id FROM client_accounts WHERE name = $1 ORDER BY created_at LIMIT 1`, [name]);
  if (!row) throw new Error(`no client account named "${name}" in the reused database`);
  return { id: row.id, clientId: row.client_id };
}

async function main(): Promise<void> {
  const { adminUrl, stop } = await toolPostgres({ urlVariable: 'BENCH_DATABASE_URL', name: 'bench', portBase: 54000 });
  const name = values.reuse ?? `bench_${Date.now().toString(36)}`;
  if (!values.reuse) await admin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDataSource({ url: url.toString(), poolSize: 4, queryTimeoutMs: 0 });
  const out: string[] = [];
  const say = (line = '') => {
    out.push(line);
    console.log(line);
  };
  try {
    await migrate(db);
    let account: { id: string };
    let accountMissions = MISSIONS;
    if (values.reuse) {
      account = await findAccount(db, 'Benchmark account');
      const [{ missions }] = await db.query(`SELECT count(*)::int AS missions FROM missions WHERE client_account_id = $1`, [account.id]);
      accountMissions = missions;
      say(`## Reused database ${name}: ${missions} missions in the benchmark account`);
      say('');
    } else {
      account = await createAccount(db, 'Benchmark account');
      const neighbour = await createAccount(db, 'Neighbour account');

      const rssBefore = process.memoryUsage().rss;
      let peakRss = rssBefore;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
      const started = performance.now();
      const summary = await seedClientAccount(db, { accountId: account.id, missions: MISSIONS, seed: 1 });
      const seedSeconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      await seedClientAccount(db, { accountId: neighbour.id, missions: Math.max(1, Math.floor(MISSIONS / 10)), seed: 2 });
      await db.query('VACUUM ANALYZE');

      say(`## Seed: ${MISSIONS} missions`);
      say('');
      say(`- time: ${seedSeconds.toFixed(1)} s (${Math.round(MISSIONS / seedSeconds)} missions/s)`);
      say(`- peak RSS of the seeding process: ${Math.round(peakRss / 1048576)} MiB (before: ${Math.round(rssBefore / 1048576)} MiB)`);
      say(`- rows: ${JSON.stringify(summary.rows)}`);
      say('');
    }

    const [{ form_id: formId }] = await db.query(
      `SELECT form_id FROM forms_data WHERE client_account_id = $1 GROUP BY form_id ORDER BY count(*) DESC LIMIT 1`,
      [account.id],
    );
    const [{ mb_key: mbKey }] = await db.query(
      `SELECT m.mb_key FROM missions m JOIN main_missions mm ON mm.id = m.main_mission_id
        WHERE m.client_account_id = $1 AND mm.check_in_check_out ORDER BY m.mb_key LIMIT 1`,
      [account.id],
    );
    const [{ first, last }] = await db.query(
      `SELECT to_char(min(mission_date) AT TIME ZONE $2, 'YYYY-MM-DD') AS first, to_char(max(mission_date) AT TIME ZONE $2, 'YYYY-MM-DD') AS last
         FROM missions WHERE client_account_id = $1`,
      [account.id, ZONE],
    );
    // A selective term: part of one participant's MU key, as someone looking a record up types it.
    const [{ fragment }] = await db.query(
      `SELECT substr(mu.mu_key, 4, 7) AS fragment FROM missions_users mu JOIN registers r ON r.missions_user_id = mu.id
        WHERE mu.client_account_id = $1 AND r.status = 'APPROVED' ORDER BY mu.mu_key LIMIT 1`,
      [account.id],
    );
    const all: Period = reportPeriod(first, last, ZONE);
    const month: Period = reportPeriod(last.slice(0, 8) + '01', last, ZONE);
    const page1: PageRequest = { page: 1, itemsPerPage: 10 };
    const deep: PageRequest = { page: 200, itemsPerPage: 50 };
    const none = { mbKey: null, muKey: null, search: null };

    const listings: Listing[] = [
      { name: 'form answers, one form, whole range, page 1 (50)', run: (d) => new PostgresFormAnswersReadModel(d).page(account.id, { formId, period: all }, { page: 1, itemsPerPage: 50 }) },
      { name: 'workforce, defaults (no filter), page 1', run: (d) => new PostgresWorkforceResultsReadModel(d).page(account.id, { ...none, period: { from: null, before: null }, status: null }, page1) },
      { name: 'workforce, last month, status FINISHED', run: (d) => new PostgresWorkforceResultsReadModel(d).page(account.id, { ...none, period: month, status: 2 }, page1) },
      { name: 'workforce, search "silva"', run: (d) => new PostgresWorkforceResultsReadModel(d).page(account.id, { ...none, period: { from: null, before: null }, status: null, search: 'silva' }, page1) },
      { name: `workforce, search a MU key fragment "${fragment}"`, run: (d) => new PostgresWorkforceResultsReadModel(d).page(account.id, { ...none, period: { from: null, before: null }, status: null, search: fragment }, page1) },
      { name: 'workforce, mbKey', run: (d) => new PostgresWorkforceResultsReadModel(d).page(account.id, { ...none, period: { from: null, before: null }, status: null, mbKey }, page1) },
      { name: 'workforce, page 200 of 50', run: (d) => new PostgresWorkforceResultsReadModel(d).page(account.id, { ...none, period: { from: null, before: null }, status: null }, deep) },
      { name: 'deliveries, whole range, page 1', run: (d) => new PostgresDeliveryResultsReadModel(d).page(account.id, { ...none, period: all, progress: null }, page1) },
      { name: 'deliveries, last month, progress 2', run: (d) => new PostgresDeliveryResultsReadModel(d).page(account.id, { ...none, period: month, progress: 2 }, page1) },
      { name: 'point of sale, whole range, page 1', run: (d) => new PostgresPdvResultsReadModel(d).page(account.id, { ...none, period: all }, page1) },
      { name: 'point of sale, search "café"', run: (d) => new PostgresPdvResultsReadModel(d).page(account.id, { ...none, period: all, search: 'café' }, page1) },
      { name: 'registers, defaults, page 1 (blocks)', run: (d) => new PostgresRegisterResultsReadModel(d).page(account.id, { ...none, period: { from: null, before: null } }, page1) },
      { name: 'registers, 50 per page (blocks)', run: (d) => new PostgresRegisterResultsReadModel(d).page(account.id, { ...none, period: { from: null, before: null } }, { page: 1, itemsPerPage: 50 }) },
      { name: `registers, search a MU key fragment "${fragment}"`, run: (d) => new PostgresRegisterResultsReadModel(d).page(account.id, { ...none, period: { from: null, before: null }, search: fragment }, page1) },
      { name: `point of sale, search a MU key fragment "${fragment}"`, run: (d) => new PostgresPdvResultsReadModel(d).page(account.id, { ...none, period: all, search: fragment }, page1) },
      { name: 'registers, search "promo"', run: (d) => new PostgresRegisterResultsReadModel(d).page(account.id, { ...none, period: { from: null, before: null }, search: 'promo' }, page1) },
    ];

    say(`## Listing latency (${RUNS} runs each after 2 warm-up runs; one statement holding the page and the count)`);
    say('');
    say('| listing | total | p50 ms | p95 ms | max ms |');
    say('|---|---:|---:|---:|---:|');
    for (const listing of listings) {
      for (let i = 0; i < 2; i += 1) await listing.run(db);
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS; i += 1) {
        const t = performance.now();
        total = ((await listing.run(db)) as { total: number }).total;
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      say(`| ${listing.name} | ${total} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${times[times.length - 1].toFixed(1)} |`);
    }
    say('');

    if (values.plans) {
      const plans: string[] = [
        '# Query plans of the report listings',
        '',
        `Generated by \`npm run benchmark -- ${values.reuse ? `--reuse ${values.reuse}` : `--missions ${MISSIONS}`} --plans ${values.plans}\` on an`,
        `account of ${accountMissions} missions (a neighbour account with a tenth as many shares the tables). Each listing sends exactly the`,
        'one statement shown, whose two subqueries are the page and the count. `EXPLAIN (ANALYZE, BUFFERS)` of its first run after the',
        'timings, PostgreSQL of the benchmark server.',
        '',
      ];
      for (const listing of listings) {
        const statements: Statement[] = [];
        await listing.run(recorder(statements));
        plans.push(`## ${listing.name}`, '');
        for (const [index, statement] of statements.entries()) {
          const rows: { 'QUERY PLAN': string }[] = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
          plans.push(`### statement ${index + 1}`, '', '```sql', statement.sql.replace(/^\s*\n/, '').replace(/\n\s*$/, ''), '```', '', '```', ...rows.map((r) => r['QUERY PLAN']), '```', '');
        }
      }
      writeFileSync(values.plans, plans.join('\n'));
      say(`query plans written to ${values.plans}`);
    }
    if (values.http) {
      await httpBenchmark({ databaseUrl: url.toString(), duration: Number(values.duration), targetsOnly: values.targets, profileDir: values.profile, say });
      if (!values.targets) await verbBenchmark({ databaseUrl: url.toString(), accountId: account.id, say });
    }
  } finally {
    await db.destroy();
    if (values.keep || values.reuse) say(`database kept: ${name} (measure it again with --reuse ${name})`);
    else await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
