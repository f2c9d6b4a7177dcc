import { describePersistenceContract } from './port-contracts';
import { inMemoryHarness } from './in-memory-harness';

describePersistenceContract('in-memory fakes', () => inMemoryHarness());
