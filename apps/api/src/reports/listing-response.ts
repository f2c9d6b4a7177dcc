import type { CachedListing } from '@mwr/domain';
import type { Response } from 'express';

/** A cached listing is sent as stored, with how long the client may keep it. */
export function sendCachedListing(res: Response, listing: CachedListing): void {
  res
    .status(200)
    .type('application/json')
    .set('Cache-Control', `private, max-age=${listing.maxAgeSeconds}`)
    .send(listing.json);
}

export function laterThan(first: string | undefined, second: string | undefined): boolean {
  return first !== undefined && second !== undefined && first > second;
}
