// The HTTP mode of the benchmark: the real service and a raw baseline (the same read models over a
// bare pg pool behind node:http, raw-baseline.ts) side by side, each scenario at 1 and 32
// connections, then a noisy neighbour (broad searches in a loop) against another account's plain
// listings, then demands written at 16 connections. The load generator is autocannon, in this
// process: on a 2-core machine it competes with the servers and PostgreSQL alike for both.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import autocannon from 'autocannon';
import { hashSecret } from '@mwr/domain';
import { Client } from 'pg';

const ZONE = 'America/Sao_Paulo';
const PEPPER = randomBytes(32).toString('hex');

export interface HttpBenchmarkOptions {
  databaseUrl: string;
  /** seconds per measurement */
  duration: number;
  /** Only the three targets (first section), not every scenario. */
  targetsOnly?: boolean;
  /** A folder for a V8 CPU profile of the (first) service, written when it stops (`--cpu-prof`). */
  profileDir?: string;
  say(line?: string): void;
}

interface Account {
  id: string;
  clientId: string;
  secret: string;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

function start(script: string, env: Record<string, string>, log: string, nodeOptions: string[] = []): ChildProcess {
  const out = openSync(log, 'w');
  return spawn(process.execPath, [...nodeOptions, join(__dirname, '..', 'run-ts.cjs'), script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
}

async function ready(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}`);
    const ok = await fetch(url).then((res) => res.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never became ready`);
}

async function load(options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
}): Promise<Measured> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    headers: options.headers,
    method: options.method ?? 'GET',
    body: options.body,
    timeout: 30,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function accountsOf(db: Client): Promise<{ main: Account; neighbour: Account }> {
  const find = async (name: string): Promise<Account> => {
    const { rows } = await db.query(`SELECT id, client_id FROM client_accounts WHERE name = $1 ORDER BY created_at LIMIT 1`, [name]);
    if (rows.length === 0) throw new Error(`no client account named "${name}": seed one first (see docs/benchmarks.md)`);
    const secret = randomBytes(32).toString('base64url');
    // The benchmark's own secret under its own pepper: the service it starts authenticates for real.
    await db.query(`UPDATE client_accounts SET secret_hash = $2, revoked_at = NULL WHERE id = $1`, [rows[0].id, hashSecret(secret, PEPPER)]);
    return { id: rows[0].id, clientId: rows[0].client_id, secret };
  };
  return { main: await find('Benchmark account'), neighbour: await find('Neighbour account') };
}

export async function httpBenchmark(options: HttpBenchmarkOptions): Promise<void> {
  const { say, duration } = options;
  const db = new Client({ connectionString: options.databaseUrl });
  await db.connect();
  const { main, neighbour } = await accountsOf(db);
  const one = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows[0];
  const { form_id: formId } = await one(
    `SELECT form_id FROM forms_data WHERE client_account_id = $1 GROUP BY form_id ORDER BY count(*) DESC LIMIT 1`,
    [main.id],
  );
  const { mb_key: mbKey } = await one(
    `SELECT m.mb_key FROM missions m JOIN missions_users mu ON mu.mission_id = m.id JOIN main_missions mm ON mm.id = m.main_mission_id
      WHERE m.client_account_id = $1 AND mm.check_in_check_out ORDER BY m.mb_key LIMIT 1`,
    [main.id],
  );
  const { fragment } = await one(
    `SELECT substr(mu.mu_key, 4, 7) AS fragment FROM missions_users mu JOIN registers r ON r.missions_user_id = mu.id
      WHERE mu.client_account_id = $1 AND r.status = 'APPROVED' ORDER BY mu.mu_key LIMIT 1`,
    [main.id],
  );
  const { first, last } = await one(
    `SELECT to_char(min(mission_date) AT TIME ZONE $2, 'YYYY-MM-DD') AS first, to_char(max(mission_date) AT TIME ZONE $2, 'YYYY-MM-DD') AS last
       FROM missions WHERE client_account_id = $1`,
    [main.id, ZONE],
  );
  const { id: plainMainMission } = await one(
    `SELECT mm.id FROM main_missions mm JOIN subcategories s ON s.id = mm.subcategory_id
      WHERE mm.client_account_id = $1 AND NOT s.check_in_check_out AND NOT mm.check_in_check_out LIMIT 1`,
    [main.id],
  );
  const monthStart = `${last.slice(0, 8)}01`;
  const whole = `startedAt=${first}&endedAt=${last}`;

  const logs = tmpdir();
  const servicePort = 3801;
  const baselinePort = 3802;
  const secondPort = 3803;
  const serviceEnv = (port: number) => ({
    DATABASE_URL: options.databaseUrl,
    CREDENTIALS_PEPPER: PEPPER,
    PORT: String(port),
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
    REPORT_TIME_ZONE: ZONE,
  });
  const profiling = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
  const service = start('apps/api/src/main.ts', serviceEnv(servicePort), join(logs, 'mwr-bench-service.log'), profiling);
  const second = start('apps/api/src/main.ts', serviceEnv(secondPort), join(logs, 'mwr-bench-service-2.log'));
  const baseline = start(
    'tools/benchmark/raw-baseline.ts',
    { DATABASE_URL: options.databaseUrl, PORT: String(baselinePort), REPORT_TIME_ZONE: ZONE },
    join(logs, 'mwr-bench-baseline.log'),
  );
  try {
    await ready(`http://127.0.0.1:${servicePort}/health`, service);
    await ready(`http://127.0.0.1:${baselinePort}/health`, baseline);
    await ready(`http://127.0.0.1:${secondPort}/health`, second);
    const headersOf = (account: Account) => ({ 'client-id': account.clientId, 'client-secret': account.secret });

    await targets({
      say,
      duration,
      headers: headersOf(main),
      servicePort,
      baselinePort,
      secondPort,
      mbKeyPath: `/v1/missions-users/workforce/reports?mbKey=${mbKey}`,
      cachedPath: `/v1/forms-data/customers?initialDate=${first}&finalDate=${last}&page=1&formId=${formId}`,
    });
    if (options.targetsOnly) return;

    const scenarios: [name: string, path: string][] = [
      ['workforce, no filter', `/v1/missions-users/workforce/reports`],
      ['workforce, one month, status=2', `/v1/missions-users/workforce/reports?startedAt=${monthStart}&endedAt=${last}&status=2`],
      ['workforce, page 200 of 50', `/v1/missions-users/workforce/reports?page=200&itemsPerPage=50`],
      ['workforce, mbKey', `/v1/missions-users/workforce/reports?mbKey=${mbKey}`],
      ['workforce, search=silva (broad)', `/v1/missions-users/workforce/reports?search=silva`],
      [`workforce, search=${fragment} (selective)`, `/v1/missions-users/workforce/reports?search=${fragment}`],
      ['registers, no filter', `/v1/registers/results`],
      ['registers, search=promo (broad)', `/v1/registers/results?search=promo`],
      ['point of sale, whole range', `/v1/pdv/results?${whole}`],
      ['point of sale, search=café (broad)', `/v1/pdv/results?${whole}&search=caf%C3%A9`],
      ['collections and deliveries, whole range (cached by the service)', `/v1/deliveries/results?${whole}`],
      ['form answers, one form (cached by the service)', `/v1/forms-data/customers?initialDate=${first}&finalDate=${last}&page=1&formId=${formId}`],
    ];

    say(`## HTTP: the service against the raw baseline (${duration} s per measurement)`);
    say('');
    say('Requests/s, and latency p50 / p99 in ms. Baseline: the same read models over a bare pg pool behind node:http, no Nest, no auth, no cache.');
    say('');
    say('| scenario | conns | service req/s | p50 | p99 | baseline req/s | p50 | p99 | total |');
    say('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const [name, path] of scenarios) {
      const res = await fetch(`http://127.0.0.1:${servicePort}${path}`, { headers: headersOf(main) });
      const body = (await res.json()) as { total?: number; error?: string };
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
      for (const connections of [1, 32]) {
        const run = (port: number) => load({ url: `http://127.0.0.1:${port}${path}`, connections, duration, headers: headersOf(main) });
        // Searches that autocannon gave up on at the end of a run still wait in the service's
        // bulkhead; one request more waits behind them, so the next run starts on an idle service.
        // The baseline has no bulkhead, but its pool queues what autocannon left behind the same way.
        const drained = (port = servicePort) => fetch(`http://127.0.0.1:${port}${path}`, { headers: headersOf(main) }).then((r) => r.arrayBuffer());
        await load({ url: `http://127.0.0.1:${servicePort}${path}`, connections, duration: 1, headers: headersOf(main) });
        await drained();
        const s = await run(servicePort);
        await drained();
        const b = await run(baselinePort);
        await drained(baselinePort);
        const failed = s.failed + b.failed > 0 ? ` (failed: ${s.failed} / ${b.failed})` : '';
        say(
          `| ${name}${failed} | ${connections} | ${s.rps.toFixed(0)} | ${s.p50} | ${s.p99} | ${b.rps.toFixed(0)} | ${b.p50} | ${b.p99} | ${body.total} |`,
        );
      }
    }
    say('');

    // A client running broad searches in a loop, and another account's plain listing beside it.
    const plain = `/v1/registers/results`;
    const searching = `/v1/pdv/results?${whole}&search=caf%C3%A9`;
    const alone = await load({ url: `http://127.0.0.1:${servicePort}${plain}`, connections: 4, duration, headers: headersOf(neighbour) });
    const [beside, noisy] = await Promise.all([
      load({ url: `http://127.0.0.1:${servicePort}${plain}`, connections: 4, duration, headers: headersOf(neighbour) }),
      load({ url: `http://127.0.0.1:${servicePort}${searching}`, connections: 8, duration, headers: headersOf(main) }),
    ]);
    await fetch(`http://127.0.0.1:${servicePort}${searching}`, { headers: headersOf(main) }).then((r) => r.arrayBuffer());
    say('## A noisy neighbour: 8 connections of broad searches against 4 of another account’s plain listing');
    say('');
    say('| what | req/s | p50 ms | p99 ms | failed |');
    say('|---|---:|---:|---:|---:|');
    say(`| neighbour's registers listing, alone | ${alone.rps.toFixed(0)} | ${alone.p50} | ${alone.p99} | ${alone.failed} |`);
    say(`| neighbour's registers listing, beside the searches | ${beside.rps.toFixed(0)} | ${beside.p50} | ${beside.p99} | ${beside.failed} |`);
    say(`| the broad searches themselves | ${noisy.rps.toFixed(0)} | ${noisy.p50} | ${noisy.p99} | ${noisy.failed} |`);
    say('');

    const demand = await load({
      url: `http://127.0.0.1:${servicePort}/v1/missions/demands`,
      connections: 16,
      duration,
      method: 'POST',
      headers: { ...headersOf(main), 'content-type': 'application/json' },
      body: JSON.stringify({ missionMainId: plainMainMission, datePicked: last, participants: 3 }),
    });
    say('## Writes with the aggregates maintained');
    say('');
    say('| what | conns | req/s | p50 ms | p99 ms | failed |');
    say('|---|---:|---:|---:|---:|---:|');
    say(`| POST /v1/missions/demands | 16 | ${demand.rps.toFixed(0)} | ${demand.p50} | ${demand.p99} | ${demand.failed} |`);
    say('');
  } finally {
    const stopped = [service, second, baseline].map((child) => new Promise((resolve) => child.once('exit', resolve)));
    for (const child of [service, second, baseline]) child.kill('SIGTERM');
    // The CPU profile is written as the service exits.
    await Promise.all(stopped);
    await db.end();
  }
}

/**
 * Issue 9's three targets, each pair measured back to back in the same run (absolute figures drift
 * on this shared machine; the ratios are what the targets name), at 32 connections.
 */
async function targets(options: {
  say(line?: string): void;
  duration: number;
  headers: Record<string, string>;
  servicePort: number;
  baselinePort: number;
  secondPort: number;
  mbKeyPath: string;
  cachedPath: string;
}): Promise<void> {
  const { say, duration, headers, servicePort, baselinePort, secondPort, mbKeyPath, cachedPath } = options;
  const connections = 32;
  const at = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;
  const measure = async (url: string) => {
    await load({ url, connections, duration: 1, headers });
    return load({ url, connections, duration, headers });
  };
  const live = await fetch(at(servicePort, '/health/live')).then((res) => res.ok, () => false);
  const healthPath = live ? '/health/live' : '/health';
  // One instance is measured through the same proxy, so that both sides pay for it.
  const [twoPort, onePort] = [3804, 3805];
  const balancers = [
    start('tools/benchmark/round-robin.ts', { PORT: String(twoPort), UPSTREAM_PORTS: `${servicePort},${secondPort}` }, join(tmpdir(), 'mwr-bench-rr-2.log')),
    start('tools/benchmark/round-robin.ts', { PORT: String(onePort), UPSTREAM_PORTS: String(servicePort) }, join(tmpdir(), 'mwr-bench-rr-1.log')),
  ];
  try {
    await ready(at(twoPort, '/health'), balancers[0]);
    await ready(at(onePort, '/health'), balancers[1]);
    const rows: [target: string, what: string, measured: Measured, against: string, reference: Measured, goal: string][] = [];
    const mbKey = await measure(at(servicePort, mbKeyPath));
    const raw = await measure(at(baselinePort, mbKeyPath));
    rows.push(['cheap listing ≥ 0.8× baseline, p99 ≤ 2×', 'service, workforce mbKey', mbKey, 'raw baseline, same request', raw, `${(mbKey.rps / raw.rps).toFixed(2)}× req/s, p99 ${(mbKey.p99 / raw.p99).toFixed(2)}×`]);
    const cached = await measure(at(servicePort, cachedPath));
    const health = await measure(at(servicePort, healthPath));
    rows.push(['cache hit ≥ 0.7× health', 'service, form answers (cached)', cached, `service, GET ${healthPath}`, health, `${(cached.rps / health.rps).toFixed(2)}×`]);
    const two = await measure(at(twoPort, mbKeyPath));
    const one = await measure(at(onePort, mbKeyPath));
    rows.push(['two instances ≥ 1.7× one', 'two services behind the round-robin, mbKey', two, 'one service behind it', one, `${(two.rps / one.rps).toFixed(2)}×`]);

    say(`## Issue 9 targets, side by side (${connections} connections, ${duration} s each after 1 s of warm-up)`);
    say('');
    say('| target | measured | req/s | p50 | p99 | against | req/s | p50 | p99 | ratio |');
    say('|---|---|---:|---:|---:|---|---:|---:|---:|---|');
    for (const [target, what, m, against, r, ratio] of rows) {
      const failed = m.failed + r.failed > 0 ? ` (failed: ${m.failed} / ${r.failed})` : '';
      say(`| ${target} | ${what}${failed} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p99} | ${against} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${ratio} |`);
    }
    say('');
  } finally {
    for (const balancer of balancers) balancer.kill('SIGTERM');
  }
}
