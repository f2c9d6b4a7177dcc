import { Clock } from '../lib/application/ports/clock.port';
import { KeyGenerator } from '../lib/application/ports/key-generator.port';

/** A clock that stands still until a test moves `current`. */
export class FixedClock extends Clock {
  constructor(public current: Date) {
    super();
  }

  now(): Date {
    return new Date(this.current.getTime());
  }
}

/** Keys and ids in creation order (`MB-000000000001`, …), so tests can name what they expect. */
export class SequentialKeys extends KeyGenerator {
  private counts = { uuid: 0, mb: 0, mu: 0 };

  uuid(): string {
    return `00000000-0000-4000-8000-${String(++this.counts.uuid).padStart(12, '0')}`;
  }

  mbKey(): string {
    return `MB-${String(++this.counts.mb).padStart(12, '0')}`;
  }

  muKey(): string {
    return `MU-${String(++this.counts.mu).padStart(12, '0')}`;
  }
}
