import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from '@mwr/persistence';

/**
 * A PostgreSQL of the suite's own, in a temporary folder on a free loopback port: the faults stop
 * and freeze it, which the machine's shared server must never suffer.
 */
export class PrivatePostgres {
  private handle: EmbeddedPostgresHandle | null = null;
  private frozen: number[] = [];

  private constructor(
    private readonly directory: string,
    readonly port: number,
  ) {}

  static async start(port: number, log: (line: string) => void): Promise<PrivatePostgres> {
    const directory = mkdtempSync(join(tmpdir(), PREFIX));
    writeFileSync(join(directory, 'owner.pid'), String(process.pid));
    // As root the server runs as the OS user postgres, which must be able to enter the folder.
    chmodSync(directory, 0o755);
    const server = new PrivatePostgres(directory, port);
    await server.startServer(log);
    return server;
  }

  get url(): string {
    if (!this.handle) throw new Error('the private PostgreSQL is not running');
    return this.handle.url;
  }

  /** A database of this server, by name. */
  urlOf(database: string): string {
    return this.url.replace(/\/[^/]*$/, `/${database}`);
  }

  async startServer(log: (line: string) => void = () => undefined): Promise<void> {
    this.handle = await startEmbeddedPostgres({ directory: this.directory, port: this.port, persistent: true, log });
  }

  /** A fast shutdown (what `pg_ctl stop -m fast` sends): sessions are ended, the server exits. */
  async stopServer(): Promise<void> {
    await this.handle?.stop();
    this.handle = null;
  }

  /**
   * SIGSTOP to the postmaster, then to every process it forked (backends, checkpointer, writers):
   * the server holds its sockets open and answers nothing, as a database stalled by its disk or
   * its host would. The postmaster goes first so that it forks nothing new meanwhile.
   */
  freeze(): void {
    const postmaster = this.postmasterPid();
    process.kill(postmaster, 'SIGSTOP');
    this.frozen = [postmaster, ...childrenOf(postmaster)];
    for (const pid of this.frozen.slice(1)) signal(pid, 'SIGSTOP');
  }

  thaw(): void {
    for (const pid of this.frozen.reverse()) signal(pid, 'SIGCONT');
    this.frozen = [];
  }

  /** Leaves nothing behind, whatever state a fault left the server in. */
  async remove(): Promise<void> {
    this.thaw();
    await this.stopServer().catch(() => undefined);
    rmSync(this.directory, { recursive: true, force: true });
  }

  private postmasterPid(): number {
    return postmasterOf(this.directory);
  }

  /** The servers of runs that were killed, stopped at once (SIGQUIT), and their folders removed. */
  static removeAbandoned(): void {
    for (const entry of readdirSync(tmpdir())) {
      if (!entry.startsWith(PREFIX)) continue;
      const directory = join(tmpdir(), entry);
      try {
        process.kill(Number(readFileSync(join(directory, 'owner.pid'), 'utf8')), 0);
        continue;
      } catch {
        // Its run is gone.
      }
      try {
        const postmaster = postmasterOf(directory);
        signal(postmaster, 'SIGCONT');
        signal(postmaster, 'SIGQUIT');
      } catch {
        // No server left running.
      }
      rmSync(directory, { recursive: true, force: true });
    }
  }
}

const PREFIX = 'mwr-chaos-pg-';

function postmasterOf(directory: string): number {
  return Number(readFileSync(join(directory, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // A backend that ended between the listing and the signal needs none.
  }
}

/** Processes whose parent is `pid`, read from /proc (Linux, where the embedded binaries run). */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name, in parentheses, may hold spaces: the fields after it are what counts.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}
