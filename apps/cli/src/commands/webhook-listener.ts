import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook } from '@mwr/domain';

/** Deliveries signed more than this before or after now are refused, as Standard Webhooks advises. */
const TOLERANCE_SECONDS = 300;

/**
 * Checks a delivery as a receiver should (Standard Webhooks): the signature over
 * `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret, and a recent timestamp.
 * Answers why it is refused, or null.
 */
export function verifyDelivery(secret: string, headers: IncomingHttpHeaders, body: string, now = new Date()): string | null {
  const [id, timestamp, signatures] = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => headers[name]);
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return 'missing webhook headers';
  const seconds = Number(timestamp);
  if (!Number.isSafeInteger(seconds) || Math.abs(now.getTime() / 1000 - seconds) > TOLERANCE_SECONDS) return 'timestamp too old or too new';
  const expected = Buffer.from(signWebhook(secret, id, seconds, body));
  const matches = signatures.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? null : 'signature does not match';
}

/**
 * A receiver on loopback for the demo: prints each verified delivery as one JSON line, answers
 * 2xx, and 400 to one that fails verification. Resolves with the number received when `stop` fires.
 */
export async function listenForDeliveries(
  port: number,
  secret: string,
  io: { line(text: string): void; note(text: string): void },
  stop: Promise<void>,
): Promise<{ port: number; received: number }> {
  let received = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const refused = verifyDelivery(secret, request.headers, body);
      if (refused) {
        io.note(`refused a delivery: ${refused}`);
        response.writeHead(400).end();
        return;
      }
      received += 1;
      io.line(JSON.stringify({ id: request.headers['webhook-id'], ...JSON.parse(body) }));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  io.note(`listening on http://127.0.0.1:${bound}/ for signed deliveries; Ctrl-C to stop`);
  await stop;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  return { port: bound, received };
}
