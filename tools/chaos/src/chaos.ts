// The fault suite (docs/reliability.md): the real service on a PostgreSQL and a Redis of its own,
// under a mixed load on loopback, while PostgreSQL is stopped, then frozen, Redis is stopped, and
// the service gets SIGTERM and is started again. Prints, per fault, the answers by status, the
// slowest answer, the time to recover and what the database kept; exits 1 when the goal is missed.
//
//   npm run chaos [-- --quick] [-- --workers 6] [-- --missions 2000]
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { cpus, hostname, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { describeOutcome, type FaultRecord, judgeIntegrity, reportSegments, seconds, segmentsOf, verdictOf } from './analysis';
import { readStoredDemands } from './integrity';
import { Load, type LoadTargets } from './load';
import type { Attempt } from './outcomes';
import { PrivatePostgres } from './private-postgres';
import { PrivateRedis } from './private-redis';
import { formatReport } from './report-format';
import { freePort, runCli, ServiceProcess } from './service-process';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    workers: { type: 'string', default: '6' },
    missions: { type: 'string' },
  },
});

/** How long each part of the run lasts, in ms; --quick shortens every fault and pause. */
const PLAN = values.quick
  ? { missions: 300, baseline: 3_000, postgresStopped: 3_000, postgresFrozen: 5_000, redisStopped: 3_000, after: 4_000 }
  : { missions: 2_000, baseline: 5_000, postgresStopped: 10_000, postgresFrozen: 20_000, redisStopped: 10_000, after: 8_000 };
const MISSIONS = values.missions === undefined ? PLAN.missions : Number(values.missions);
const WORKERS = Number(values.workers);
/** The service's settings a run may be given through its own environment (docs/reliability.md). */
const PASSED_SETTINGS = ['DATABASE_TIMEOUT_MS', 'DATABASE_ACQUIRE_TIMEOUT_MS', 'SHUTDOWN_TIMEOUT_MS', 'SEARCH_CONCURRENCY', 'SEARCH_CONCURRENCY_PER_ACCOUNT']
  .filter((name) => process.env[name] !== undefined)
  .map((name) => `${name}=${process.env[name]}`);
const SHUTDOWN_TIMEOUT_MS = Number(process.env['SHUTDOWN_TIMEOUT_MS'] ?? 10_000);
const RECOVERY_LIMIT_MS = 2_000;
const REPORT_TIME_ZONE = 'America/Sao_Paulo';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const say = (line = '') => process.stdout.write(`${line}\n`);

/** Whatever the run has started, stopped on every way out, a frozen database thawed first. */
const cleanups: (() => void)[] = [];
let postgres: PrivatePostgres | null = null;

async function main(): Promise<number> {
  const started = performance.now();
  const startedAt = new Date();
  PrivatePostgres.removeAbandoned();
  const workDirectory = mkdtempSync(join(tmpdir(), 'mwr-chaos-'));
  const logPath = join(workDirectory, 'run.log');
  const log = createWriteStream(logPath);
  const command = `${PASSED_SETTINGS.map((setting) => `${setting} `).join('')}npm run chaos${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
  say(`# ${command}: ${startedAt.toISOString()}, ${machine()}`);
  say(`Logs of the service, PostgreSQL and Redis: ${logPath}`);
  say(`Service settings: the defaults${PASSED_SETTINGS.length > 0 ? `, but ${PASSED_SETTINGS.join(' ')}` : ''}; RATE_LIMIT_PER_MINUTE=0, LOG_LEVEL=warn`);

  postgres = await PrivatePostgres.start(await freePort(), (line) => log.write(line));
  const redis = new PrivateRedis(await freePort(), log);
  await redis.start();
  cleanups.push(() => void redis.stop());
  const pepper = randomBytes(32).toString('hex');
  const databaseEnv = { DATABASE_URL: postgres.url, CREDENTIALS_PEPPER: pepper, REPORT_TIME_ZONE };
  const service = new ServiceProcess(
    {
      ...databaseEnv,
      REDIS_URL: redis.url,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    },
    log,
  );
  cleanups.push(() => service.kill());
  await service.start();
  const account = await runCli<{ clientId: string; clientSecret: string }>(['clients', 'create', '--name', 'Chaos account'], databaseEnv);
  await runCli(['seed', '--client-id', account.clientId, '--missions', String(MISSIONS)], databaseEnv);
  const { accountId, targets } = await targetsOf(postgres.url, service.baseUrl, account);
  say(`Set-up (PostgreSQL, Redis, the service, an account with ${MISSIONS} seeded missions): ${seconds(performance.now() - started)}`);
  say('');

  const load = new Load(targets, { workers: WORKERS, requestTimeoutMs: 30_000, backoffMs: 100 });
  const loadStarted = performance.now();
  load.start();
  const faults: FaultRecord[] = [];
  const fault = async (name: string, apply: (record: FaultRecord) => Promise<void>) => {
    const record: FaultRecord = { name, started: performance.now(), ended: 0, notes: [], failures: [] };
    process.stderr.write(`${name}…\n`);
    await apply(record);
    faults.push(record);
    await sleep(PLAN.after);
  };
  const pg = postgres;
  await sleep(PLAN.baseline);

  await fault(`PostgreSQL stopped ${seconds(PLAN.postgresStopped)}`, async (record) => {
    await pg.stopServer();
    record.notes.push(`fast shutdown took ${ms(performance.now() - record.started)}`);
    await sleep(record.started + PLAN.postgresStopped - performance.now());
    const restarting = performance.now();
    await pg.startServer();
    record.ended = performance.now();
    record.notes.push(`started again on the same port and data in ${ms(record.ended - restarting)}; recovery counts from then`);
  });

  await fault(`PostgreSQL frozen (SIGSTOP) ${seconds(PLAN.postgresFrozen)}`, async (record) => {
    pg.freeze();
    await sleep(PLAN.postgresFrozen);
    pg.thaw();
    record.ended = performance.now();
  });

  await fault(`Redis stopped ${seconds(PLAN.redisStopped)}`, async (record) => {
    await redis.stop();
    await sleep(record.started + PLAN.redisStopped - performance.now());
    await redis.start();
    record.ended = performance.now();
    const written = await redis.untilWritten(PLAN.after);
    record.notes.push(
      written === null
        ? `the service wrote nothing to the new Redis within ${seconds(PLAN.after)}`
        : `the service cached a listing in the new Redis ${ms(written)} after it answered PING (reconnected)`,
    );
  });

  let sigterm: FaultRecord | null = null;
  await fault('SIGTERM to the service, then a new one', async (record) => {
    sigterm = record;
    const { code, ms: drained } = await service.terminate();
    record.notes.push(`exited with ${code} ${ms(drained)} after SIGTERM (SHUTDOWN_TIMEOUT_MS ${SHUTDOWN_TIMEOUT_MS})`);
    if (code !== 0) record.failures.push(`the service exited with ${code}`);
    if (drained > SHUTDOWN_TIMEOUT_MS) record.failures.push(`the shutdown took ${ms(drained)}`);
    const respawned = performance.now();
    await service.start();
    record.ended = performance.now();
    record.notes.push(`the new process answered /health ${ms(record.ended - respawned)} after it was started; recovery counts from then`);
  });

  await load.stop();
  const loadEnded = performance.now();
  if (sigterm) noteInFlight(sigterm, load.attempts);

  const { stored, checks } = await readStoredDemands(postgres.url, accountId);
  const findings = judgeIntegrity(load.posts, stored);
  const reports = reportSegments(segmentsOf(loadStarted, faults), load.attempts, load.posts, findings);
  const verdict = verdictOf(reports, checks, RECOVERY_LIMIT_MS);
  say(`Load: ${WORKERS} keep-alive clients on loopback for ${seconds(loadEnded - loadStarted)}, ${load.attempts.length} requests, ${load.posts.length} demands sent`);
  say('');
  say(formatReport(reports, checks, verdict, [`service log: ${serviceLogSummary(logPath)}`]));
  say('');
  await service.terminate();
  await redis.stop();
  await postgres.remove();
  postgres = null;
  say(`Whole run: ${seconds(performance.now() - started)}`);
  return verdict.met ? 0 : 1;
}

async function targetsOf(
  databaseUrl: string,
  baseUrl: string,
  account: { clientId: string; clientSecret: string },
): Promise<{ accountId: string; targets: LoadTargets }> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const rows = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows;
    const [{ id: accountId }] = await rows(`SELECT id FROM client_accounts WHERE client_id = $1`, [account.clientId]);
    const mainMissions = await rows(
      `SELECT mm.id FROM main_missions mm JOIN subcategories s ON s.id = mm.subcategory_id
        WHERE mm.client_account_id = $1 AND NOT s.check_in_check_out AND NOT mm.check_in_check_out ORDER BY mm.id`,
      [accountId],
    );
    const stores = await rows(`SELECT id FROM stores WHERE client_account_id = $1 ORDER BY id LIMIT 20`, [accountId]);
    const [{ form_id: formId }] = await rows(
      `SELECT form_id FROM forms_data WHERE client_account_id = $1 GROUP BY form_id ORDER BY count(*) DESC, form_id LIMIT 1`,
      [accountId],
    );
    const [{ first, last }] = await rows(
      `SELECT to_char(min(mission_date) AT TIME ZONE $2, 'YYYY-MM-DD') AS first, to_char(max(mission_date) AT TIME ZONE $2, 'YYYY-MM-DD') AS last
         FROM missions WHERE client_account_id = $1`,
      [accountId, REPORT_TIME_ZONE],
    );
    if (mainMissions.length === 0) throw new Error('the seeded account has no main mission without check-in/check-out');
    return {
      accountId,
      targets: {
        baseUrl,
        headers: { 'client-id': account.clientId, 'client-secret': account.clientSecret },
        mainMissionIds: mainMissions.map((row) => row.id),
        storeIds: stores.map((row) => row.id),
        formId,
        period: { first, last },
      },
    };
  } finally {
    await db.end();
  }
}

/** What became of the requests the service was running when SIGTERM arrived: each should be answered completely. */
function noteInFlight(record: FaultRecord, attempts: Attempt[]): void {
  const caught = attempts.filter((attempt) => attempt.started < record.started && attempt.ended > record.started);
  const outcomes = new Map<string, number>();
  for (const attempt of caught) outcomes.set(describeOutcome(attempt), (outcomes.get(describeOutcome(attempt)) ?? 0) + 1);
  const listed = [...outcomes].map(([outcome, n]) => `${outcome} ×${n}`).join(', ');
  record.notes.push(`${caught.length} requests in flight when SIGTERM arrived${caught.length > 0 ? `, answered: ${listed}` : ''}`);
}

function ms(value: number): string {
  return value < 1000 ? `${Math.round(value)} ms` : seconds(value);
}

function machine(): string {
  const cpu = cpus();
  return `${hostname()}: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/** The service's own lines in the run's log, by level: an outage should be a few lines with counts, not one per request. */
function serviceLogSummary(logPath: string): string {
  const levels = new Map<string, number>();
  for (const line of readFileSync(logPath, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const { level } = JSON.parse(line) as { level?: number | string };
      const name = typeof level === 'number' ? ({ 40: 'warn', 50: 'error', 60: 'fatal' } as Record<number, string>)[level] ?? String(level) : String(level);
      levels.set(name, (levels.get(name) ?? 0) + 1);
    } catch {
      // Not one of the service's JSON lines.
    }
  }
  return levels.size === 0 ? 'no warning or error lines' : [...levels].map(([level, n]) => `${n} ${level} lines`).join(', ');
}

function abandon(): void {
  // A frozen server could not stop: thaw it before anything tries.
  postgres?.thaw();
  for (const cleanup of cleanups) cleanup();
}

process.on('SIGINT', () => {
  abandon();
  void (postgres?.remove() ?? Promise.resolve()).finally(() => process.exit(130));
});

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    process.stderr.write(`chaos: ${error instanceof Error ? error.message : String(error)}\n`);
    abandon();
    await postgres?.remove().catch(() => undefined);
    process.exit(2);
  },
);
