import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signWebhook, webhookHeaders, WebhookSecretBox } from './webhook-secret';

const PEPPER = 'a-server-side-pepper-of-32-chars!';

describe('webhook secrets and signatures (Standard Webhooks)', () => {
  it('a secret is `whsec_` and 32 random bytes in base64', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('signs as the specification’s example does', () => {
    expect(signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  describe('the standardwebhooks package verifies a delivery', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: 'pdv.done', timestamp: '2026-12-01T12:00:00.000Z', data: { pdvId: 'p-1' } });
    const now = new Date();

    it('as signed', () => {
      const headers = webhookHeaders(secret, '0190a7c4-5b2e-7c3d-8e4f-123456789abc', now, body);
      expect(headers['webhook-id']).toBe('0190a7c4-5b2e-7c3d-8e4f-123456789abc');
      expect(headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
      expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    });

    it('and refuses a tampered body, an old timestamp, another id or another secret', () => {
      const headers = webhookHeaders(secret, 'msg-1', now, body);
      expect(() => new Webhook(secret).verify(body.replace('p-1', 'p-2'), headers)).toThrow();
      expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg-2' })).toThrow();
      expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
      const old = webhookHeaders(secret, 'msg-1', new Date(now.getTime() - 10 * 60_000), body);
      expect(() => new Webhook(secret).verify(body, old)).toThrow();
    });
  });

  describe('WebhookSecretBox: secrets at rest', () => {
    it('opens what it sealed; the sealed text does not hold the secret, and differs each time', () => {
      const box = new WebhookSecretBox(PEPPER);
      const secret = newWebhookSecret();
      const sealed = box.seal(secret);
      expect(box.open(sealed)).toBe(secret);
      expect(sealed).not.toContain(secret.slice(6, 20));
      expect(box.seal(secret)).not.toBe(sealed);
      expect(new WebhookSecretBox(PEPPER).open(sealed)).toBe(secret);
    });

    it('refuses a sealed text under another pepper, or altered', () => {
      const sealed = new WebhookSecretBox(PEPPER).seal(newWebhookSecret());
      expect(() => new WebhookSecretBox(`${PEPPER}-rotated`).open(sealed)).toThrow();
      const [version, iv, tag, data] = sealed.split('.');
      const flipped = Buffer.from(data, 'base64');
      flipped[0] ^= 1;
      expect(() => new WebhookSecretBox(PEPPER).open([version, iv, tag, flipped.toString('base64')].join('.'))).toThrow();
      expect(() => new WebhookSecretBox(PEPPER).open('whsec_plain')).toThrow('not a sealed webhook secret');
    });
  });
});
