import { randomUUID } from 'node:crypto';
import { closedPort } from '../testing/closed-port';
import { startFakeRedisServer } from '../testing/fake-redis-server';
import { publishRevocation, RedisRevocationSubscriber } from './redis-revocations';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('RedisRevocationSubscriber tests against a real Redis are skipped: set TEST_REDIS_URL to run them.');
const describeWithRedis = redisUrl ? describe : describe.skip;

function recorder() {
  const heard: string[] = [];
  return {
    heard,
    handlers: { revoked: (id: string) => heard.push(`revoked ${id}`), lost: () => heard.push('lost'), resumed: () => heard.push('resumed') },
    waitFor: async (entry: string, ms = 3_000) => {
      for (let waited = 0; waited < ms && !heard.includes(entry); waited += 20) await new Promise((tick) => setTimeout(tick, 20));
      return heard.includes(entry);
    },
  };
}

describeWithRedis('RedisRevocationSubscriber: revocations announced on Redis reach every subscribed instance (issue 9)', () => {
  it('hears a published client id on every subscriber once subscribed', async () => {
    const first = recorder();
    const second = recorder();
    const subscribers = [new RedisRevocationSubscriber(redisUrl as string), new RedisRevocationSubscriber(redisUrl as string)];
    subscribers[0].start(first.handlers);
    subscribers[1].start(second.handlers);
    try {
      expect(await first.waitFor('resumed')).toBe(true);
      expect(await second.waitFor('resumed')).toBe(true);
      const clientId = `cl_${randomUUID()}`;
      await publishRevocation(redisUrl as string, clientId);
      expect(await first.waitFor(`revoked ${clientId}`, 1_000)).toBe(true);
      expect(await second.waitFor(`revoked ${clientId}`, 1_000)).toBe(true);
    } finally {
      await Promise.all(subscribers.map((subscriber) => subscriber.close()));
    }
  });
});

describe('RedisRevocationSubscriber without a working Redis: nothing cached may be trusted (issue 9)', () => {
  it('never says resumed while Redis is unreachable, and publishing rejects', async () => {
    const url = `redis://127.0.0.1:${await closedPort()}`;
    const { heard, handlers } = recorder();
    const subscriber = new RedisRevocationSubscriber(url);
    subscriber.start(handlers);
    try {
      await new Promise((tick) => setTimeout(tick, 500));
      expect(heard).not.toContain('resumed');
      await expect(publishRevocation(url, 'cl_x', 500)).rejects.toThrow();
    } finally {
      await subscriber.close();
    }
  });

  it('a Redis that stalls after the handshake is noticed by the heartbeat: lost within about two seconds', async () => {
    const fake = await startFakeRedisServer();
    const { handlers, waitFor } = recorder();
    const subscriber = new RedisRevocationSubscriber(`redis://127.0.0.1:${fake.port}`);
    subscriber.start(handlers);
    try {
      expect(await waitFor('resumed', 2_000)).toBe(true);
      fake.stall();
      expect(await waitFor('lost', 3_000)).toBe(true);
    } finally {
      await subscriber.close();
      await fake.close();
    }
  });
});
