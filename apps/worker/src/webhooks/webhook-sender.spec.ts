import { startReceiver } from '../testing/worker-harness';
import { WebhookSender } from './webhook-sender';

const allowed = new WebhookSender({ allowLoopback: true }, 2_000);
const strict = new WebhookSender({ allowLoopback: false }, 2_000);

describe('WebhookSender', () => {
  it('POSTs the body with the headers it is given, and answers the status', async () => {
    const r = await startReceiver(() => 202);
    try {
      expect(await allowed.send(r.url, { 'webhook-id': 'msg_1' }, '{"a":1}')).toEqual({ statusCode: 202, error: null });
      expect(r.received).toEqual([{ headers: expect.objectContaining({ 'webhook-id': 'msg_1', 'content-type': 'application/json' }), body: '{"a":1}' }]);
    } finally {
      await r.close();
    }
  });

  it('"re-checks resolved addresses against the SSRF rules": a name resolving to loopback is refused unless WEBHOOKS_ALLOW_HTTP, before anything is sent', async () => {
    const r = await startReceiver();
    try {
      const byName = r.url.replace('127.0.0.1', 'localhost');
      expect(await strict.send(byName, {}, '{}')).toEqual({ statusCode: null, error: expect.stringMatching(/^forbidden address (127\.0\.0\.1|::1) for localhost$/) });
      expect(await strict.send(r.url, {}, '{}')).toEqual({ statusCode: null, error: 'forbidden address 127.0.0.1' });
      // Cloud metadata behind an IPv4-mapped IPv6 literal, over https: (which a public address may use).
      expect(await strict.send('https://[::ffff:169.254.169.254]/latest', {}, '{}')).toEqual({ statusCode: null, error: 'forbidden address ::ffff:a9fe:a9fe' });
      expect(r.received).toEqual([]);
    } finally {
      await r.close();
    }
  });

  it('"no redirects": a 3xx is the answer, its Location is never called', async () => {
    const target = await startReceiver();
    const redirecting = await startReceiver((_request, _index, response) => {
      response.setHeader('location', target.url);
      return 307;
    });
    try {
      expect(await allowed.send(redirecting.url, {}, '{}')).toEqual({ statusCode: 307, error: null });
      expect(target.received).toEqual([]);
    } finally {
      await Promise.all([target.close(), redirecting.close()]);
    }
  });

  it('"no answer within the timeout" is an attempt without a status', async () => {
    const r = await startReceiver(() => 'hang');
    try {
      const started = Date.now();
      expect(await new WebhookSender({ allowLoopback: true }, 200).send(r.url, {}, '{}')).toEqual({ statusCode: null, error: 'no answer within 200 ms' });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await r.close();
    }
  });
});
