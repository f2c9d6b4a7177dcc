import type { CachedListing } from '@mwr/domain';
import type { FastifyReply } from 'fastify';

/** A cached listing is sent as stored, with how long the client may keep it. */
export function sendCachedListing(reply: FastifyReply, listing: CachedListing): void {
  void reply
    .code(200)
    .type('application/json; charset=utf-8')
    .header('Cache-Control', `private, max-age=${listing.maxAgeSeconds}`)
    .send(listing.json);
}

export function laterThan(first: string | undefined, second: string | undefined): boolean {
  return first !== undefined && second !== undefined && first > second;
}
