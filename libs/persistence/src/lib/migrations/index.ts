import { InitialSchema1763700000000 } from './1763700000000-initial-schema';

/** In the order they run; a new migration is appended, never inserted. */
export const MIGRATIONS = [InitialSchema1763700000000];
