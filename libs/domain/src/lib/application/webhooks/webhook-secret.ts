import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';
const SECRET_BYTES = 32;

/** A new signing secret in the Standard Webhooks format: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The HMAC key a `whsec_` secret stands for. */
function signingKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/**
 * `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>`, the Standard Webhooks signature: the
 * `webhook-signature` header of a delivery whose `webhook-id` is `messageId` and
 * `webhook-timestamp` is `timestampSeconds`.
 */
export function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', signingKey(secret)).update(`${messageId}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/** The three headers of a delivery; the id is the event's, so a receiver can drop a duplicate. */
export function webhookHeaders(secret: string, messageId: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, messageId, timestamp, body),
  };
}

const SEALED_VERSION = 'v1';

/**
 * Webhook secrets are kept encrypted, not hashed: the sender needs them back to sign. AES-256-GCM
 * under a key derived (HKDF-SHA-256) from the server-side pepper, which never enters the database,
 * so a copy of the database alone does not let anyone sign as the service.
 */
export class WebhookSecretBox {
  private readonly key: Buffer;

  constructor(pepper: string) {
    this.key = Buffer.from(hkdfSync('sha256', pepper, 'webhook-secrets', SEALED_VERSION, 32));
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [SEALED_VERSION, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64'))).join('.');
  }

  /** Throws when the sealed text was altered or sealed under another pepper. */
  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== SEALED_VERSION || data === undefined) throw new Error('not a sealed webhook secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }
}
