import { Redis, ReplyError } from 'ioredis';

export interface ResilientRedisOptions {
  url: string;
  /** Prepended to every key, for sharing one Redis between applications or test runs. */
  keyPrefix?: string;
  connectTimeoutMs?: number;
  commandTimeoutMs?: number;
  /** Upper bound of the wait between reconnection attempts. */
  maxReconnectDelayMs?: number;
}

/**
 * A client for a Redis that may be down, where requests must never wait for it: with no offline
 * queue and no retries a command fails at once while disconnected, and the client keeps
 * reconnecting in the background. A stalled server (one that accepts but does not answer) costs a
 * command its timeout, which `RedisBreaker` keeps to one request.
 */
export function resilientRedis(options: ResilientRedisOptions): Redis {
  const commandTimeout = options.commandTimeoutMs ?? 500;
  const maxDelay = options.maxReconnectDelayMs ?? 5000;
  const client = new Redis(options.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: options.connectTimeoutMs ?? 1000,
    commandTimeout,
    // ioredis waits this long for a closing socket, even one already dead, holding up shutdown.
    disconnectTimeout: commandTimeout,
    retryStrategy: (attempt) => Math.min(attempt * 200, maxDelay),
    keyPrefix: options.keyPrefix,
    // CLIENT SETINFO is one more handshake round trip that a stalled server lets time out.
    disableClientInfo: true,
  });
  // Connection errors repeat on every reconnection attempt; the failed commands already report
  // the outage (rate-limited by the caller), and without a listener ioredis prints each one.
  client.on('error', () => undefined);
  return client;
}

/**
 * Opens the connection. Resolves once it is ready, has failed, or has taken `timeoutMs`, and never
 * rejects: a start with Redis down goes on while reconnection continues in the background. (A
 * server that accepts but never answers would otherwise hold it for seconds.)
 */
export async function connectWithin(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status !== 'wait') return;
  let timer: NodeJS.Timeout | undefined;
  const givenUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  try {
    await Promise.race([client.connect().catch(() => undefined), givenUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** QUIT when the server answers, else drop the connection. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // A stalled server: drop the connection instead.
    }
  }
  client.disconnect();
}

export const DEFAULT_BREAKER_COOLDOWN_MS = 1000;

/**
 * A circuit breaker in front of one Redis client. After a failure Redis is left alone (callers take
 * their fallback at once); once the cool-down has passed a call sends one PING in the background
 * instead of waiting for Redis, and the breaker closes when it answers. An error reply comes from a
 * Redis that answers, so only silence and lost connections open it.
 */
export class RedisBreaker {
  /** 0 while the breaker is closed; else when a probe may be sent. */
  private openUntil = 0;
  private probing = false;

  constructor(
    private readonly client: Redis,
    private readonly onProbeFailed: (error: unknown) => void,
    private readonly cooldownMs = DEFAULT_BREAKER_COOLDOWN_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the breaker is open: commands are not sent. */
  get open(): boolean {
    return this.openUntil !== 0;
  }

  /** True when commands may be sent; once the cool-down is over, starts a probe without waiting. */
  allows(): boolean {
    if (this.openUntil === 0) return true;
    if (!this.probing && this.now() >= this.openUntil) {
      this.probing = true;
      this.client
        .ping()
        .then(
          () => {
            this.openUntil = 0;
          },
          (error: unknown) => {
            this.failed(error);
            this.onProbeFailed(error);
          },
        )
        .finally(() => {
          this.probing = false;
        });
    }
    return false;
  }

  failed(error: unknown): void {
    if (!(error instanceof ReplyError)) this.openUntil = this.now() + this.cooldownMs;
  }
}
