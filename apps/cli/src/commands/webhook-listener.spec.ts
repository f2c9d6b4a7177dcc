import { newWebhookSecret } from '@mwr/domain';
import { Webhook } from 'standardwebhooks';
import { listenForDeliveries, verifyDelivery } from './webhook-listener';

const secret = newWebhookSecret();
const body = JSON.stringify({ type: 'pdv.done', timestamp: '2026-12-01T12:00:00.000Z', data: { recordId: 'r-1' } });

function signed(at: Date, id = 'msg_1') {
  return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(id, at, body) };
}

describe('webhooks listen', () => {
  it('accepts what a Standard Webhooks library signs; refuses a tampered body, another secret, an old timestamp, missing headers', () => {
    const now = new Date();
    expect(verifyDelivery(secret, signed(now), body, now)).toBeNull();
    expect(verifyDelivery(secret, signed(now), body.replace('r-1', 'r-2'), now)).toBe('signature does not match');
    expect(verifyDelivery(newWebhookSecret(), signed(now), body, now)).toBe('signature does not match');
    expect(verifyDelivery(secret, signed(new Date(now.getTime() - 301_000)), body, now)).toBe('timestamp too old or too new');
    expect(verifyDelivery(secret, {}, body, now)).toBe('missing webhook headers');
  });

  it('prints each verified delivery as a JSON line, answers 400 to a forged one', async () => {
    const lines: string[] = [];
    const notes: string[] = [];
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const listening = listenForDeliveries(0, secret, { line: (text) => lines.push(text), note: (text) => notes.push(text) }, stopped);
    while (notes.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const url = /http:\/\/\S+/.exec(notes[0])?.[0] as string;
    const post = (headers: Record<string, string>) => fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
    expect((await post(signed(new Date(), 'msg_2'))).status).toBe(204);
    expect((await post({ ...signed(new Date()), 'webhook-id': 'msg_other' })).status).toBe(400);
    stop();
    expect(await listening).toMatchObject({ received: 1 });
    expect(lines.map((line) => JSON.parse(line))).toEqual([{ id: 'msg_2', ...JSON.parse(body) }]);
    expect(notes[1]).toBe('refused a delivery: signature does not match');
  });
});
