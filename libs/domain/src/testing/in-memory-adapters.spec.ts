import { describePersistenceContract } from './port-contracts';
import { describeOutboxContract } from './outbox-contracts';
import { inMemoryHarness } from './in-memory-harness';

describePersistenceContract('in-memory fakes', () => inMemoryHarness());
describeOutboxContract('in-memory fakes', () => inMemoryHarness());
