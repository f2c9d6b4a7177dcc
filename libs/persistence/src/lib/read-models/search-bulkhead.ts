/** Thrown when a search waited its whole budget for a place; the HTTP layer answers 503. */
export class DatabaseBusyError extends Error {
  readonly code = 'DATABASE_BUSY';

  constructor(waitedMs: number) {
    super(`No place for a search within ${waitedMs} ms`);
    this.name = 'DatabaseBusyError';
  }
}

/** Thrown when the client went away while its search waited or ran: nobody is left to answer. */
export class SearchAbandonedError extends Error {
  readonly code = 'CLIENT_GONE';

  constructor() {
    super('The client went away before its search was answered');
    this.name = 'SearchAbandonedError';
  }
}

export interface SearchBulkheadOptions {
  /** searches of one instance running at once, all accounts together */
  total: number;
  /** searches of one client account running at once on one instance */
  perAccount: number;
  /** how long a search may wait for a place before it gives up */
  waitMs: number;
}

interface Waiter {
  accountId: string;
  admit(): void;
}

/**
 * Bounds the database work that `search` (the expensive kind of listing request) holds at once, per
 * client account and in total, so that a client running broad searches in a loop holds at most
 * `perAccount` connections and cores, and cheap listings of every account keep the rest. Waiters
 * are admitted in arrival order among those whose account has room; one that waits `waitMs`
 * (DATABASE_TIMEOUT_MS) gives up with `DatabaseBusyError`, and one whose client went away (its
 * signal aborted) leaves the queue at once, so abandoned requests do not hold up the others; a
 * search already running is cancelled on the server (`readPage`).
 */
export class SearchBulkhead {
  private running = 0;
  private readonly runningByAccount = new Map<string, number>();
  private readonly queue: Waiter[] = [];

  constructor(private readonly options: SearchBulkheadOptions) {}

  async run<T>(accountId: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.enter(accountId, signal);
    try {
      return await work();
    } finally {
      this.leave(accountId);
    }
  }

  private hasRoom(accountId: string): boolean {
    return this.running < this.options.total && (this.runningByAccount.get(accountId) ?? 0) < this.options.perAccount;
  }

  private take(accountId: string): void {
    this.running += 1;
    this.runningByAccount.set(accountId, (this.runningByAccount.get(accountId) ?? 0) + 1);
  }

  private enter(accountId: string, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new SearchAbandonedError());
    if (this.hasRoom(accountId) && !this.queue.some((waiter) => waiter.accountId === accountId)) {
      this.take(accountId);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const giveUp = (error: Error) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abandoned);
        this.queue.splice(this.queue.indexOf(waiter), 1);
        reject(error);
      };
      const abandoned = () => giveUp(new SearchAbandonedError());
      const waiter: Waiter = {
        accountId,
        admit: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', abandoned);
          this.take(accountId);
          resolve();
        },
      };
      const timer = setTimeout(() => giveUp(new DatabaseBusyError(this.options.waitMs)), this.options.waitMs);
      signal?.addEventListener('abort', abandoned, { once: true });
      this.queue.push(waiter);
    });
  }

  private leave(accountId: string): void {
    this.running -= 1;
    const left = (this.runningByAccount.get(accountId) ?? 1) - 1;
    if (left === 0) this.runningByAccount.delete(accountId);
    else this.runningByAccount.set(accountId, left);
    // Every waiter that now has room, in arrival order.
    for (let i = 0; i < this.queue.length && this.running < this.options.total; ) {
      const waiter = this.queue[i];
      if (this.hasRoom(waiter.accountId)) {
        this.queue.splice(i, 1);
        waiter.admit();
      } else {
        i += 1;
      }
    }
  }
}
