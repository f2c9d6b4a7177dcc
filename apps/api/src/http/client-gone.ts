import type { FastifyReply } from 'fastify';

/**
 * A signal aborted when the connection closes before the response was sent: the client has gone,
 * so work still waiting for it (a search queued in the bulkhead) can give up its place.
 */
export function clientGoneSignal(reply: Pick<FastifyReply, 'raw'>): AbortSignal {
  const res = reply.raw;
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
