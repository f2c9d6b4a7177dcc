import { REVOCATION_CHANNEL, type RevocationHandlers } from '@mwr/domain';
import { Redis } from 'ioredis';
import { closeRedis } from './redis-breaker';

/** Announces a revocation to every instance subscribed on this Redis; rejects when Redis does not take it. */
export async function publishRevocation(url: string, clientId: string, timeoutMs = 2000): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: timeoutMs, commandTimeout: timeoutMs, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.publish(REVOCATION_CHANNEL, clientId);
  } finally {
    await closeRedis(client);
  }
}

const HEARTBEAT_MS = 1000;

/**
 * Hears revocations on Redis pub/sub. A message published while the connection is down is lost, so
 * the handlers hear `lost` at once and `resumed` only once the channel is subscribed again: the
 * caller trusts nothing cached in between (docs/adr/0017).
 */
export class RedisRevocationSubscriber {
  private readonly client: Redis;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(url: string) {
    this.client = new Redis(url, {
      lazyConnect: true,
      // Subscribed by hand on every connection, so that `resumed` follows the subscription's reply.
      autoResubscribe: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1000,
      commandTimeout: HEARTBEAT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
      disableClientInfo: true,
    });
    this.client.on('error', () => undefined);
  }

  /** Subscribes, and keeps doing so after every reconnection; never rejects. */
  start(handlers: RevocationHandlers): void {
    this.client.on('message', (channel: string, clientId: string) => {
      if (channel === REVOCATION_CHANNEL) handlers.revoked(clientId);
    });
    this.client.on('close', () => handlers.lost());
    this.client.on('ready', () => {
      this.client.subscribe(REVOCATION_CHANNEL).then(
        () => handlers.resumed(),
        () => this.client.disconnect(true),
      );
    });
    this.client.connect().catch(() => undefined);
    // A stalled Redis keeps the connection open and delivers nothing: a PING unanswered within the
    // interval drops the connection, which says `lost` until a new one is subscribed.
    this.heartbeat = setInterval(() => {
      if (this.client.status === 'ready') this.client.ping().catch(() => this.client.disconnect(true));
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  close(): Promise<void> {
    clearInterval(this.heartbeat);
    return closeRedis(this.client);
  }
}
