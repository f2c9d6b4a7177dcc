import { DatabaseBusyError, SearchAbandonedError, SearchBulkhead } from './search-bulkhead';

/** Work that runs until the test lets it finish. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SearchBulkhead: the database work searches hold at once, per account and in total', () => {
  it('runs up to the total at once; the next waits and starts when a place frees', async () => {
    const bulkhead = new SearchBulkhead({ total: 2, perAccount: 2, waitMs: 1000 });
    const [a, b] = [held(), held()];
    const started: string[] = [];
    const run = (name: string, work: () => Promise<void>, account = 'acc-1') =>
      bulkhead.run(account, async () => {
        started.push(name);
        await work();
      });
    const first = run('a', a.work);
    const second = run('b', b.work, 'acc-2');
    const third = run('c', async () => undefined, 'acc-3');
    await tick();
    expect(started).toEqual(['a', 'b']);
    a.finish();
    await first;
    await third;
    expect(started).toEqual(['a', 'b', 'c']);
    b.finish();
    await second;
  });

  it('one account never holds more than its share, and another account goes past its waiting searches', async () => {
    const bulkhead = new SearchBulkhead({ total: 3, perAccount: 1, waitMs: 1000 });
    const noisy = held();
    const started: string[] = [];
    const first = bulkhead.run('noisy', async () => {
      started.push('noisy-1');
      await noisy.work();
    });
    const second = bulkhead.run('noisy', async () => void started.push('noisy-2'));
    await bulkhead.run('quiet', async () => void started.push('quiet'));
    expect(started).toEqual(['noisy-1', 'quiet']);
    noisy.finish();
    await Promise.all([first, second]);
    expect(started).toEqual(['noisy-1', 'quiet', 'noisy-2']);
  });

  it('a search that waits longer than DATABASE_TIMEOUT_MS gives up with DatabaseBusyError, and its place is not lost', async () => {
    const bulkhead = new SearchBulkhead({ total: 1, perAccount: 1, waitMs: 30 });
    const holder = held();
    const first = bulkhead.run('acc-1', holder.work);
    await expect(bulkhead.run('acc-2', async () => 'never')).rejects.toBeInstanceOf(DatabaseBusyError);
    holder.finish();
    await first;
    await expect(bulkhead.run('acc-2', async () => 'ran')).resolves.toBe('ran');
  });

  it('a failing search frees its place', async () => {
    const bulkhead = new SearchBulkhead({ total: 1, perAccount: 1, waitMs: 30 });
    await expect(bulkhead.run('acc-1', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(bulkhead.run('acc-1', async () => 'ran')).resolves.toBe('ran');
  });

  it('a search whose client went away leaves the queue at once, and the next one takes the place', async () => {
    const bulkhead = new SearchBulkhead({ total: 1, perAccount: 1, waitMs: 10_000 });
    const holder = held();
    const first = bulkhead.run('acc-1', holder.work);
    const client = new AbortController();
    const abandoned = bulkhead.run('acc-2', async () => 'never', client.signal);
    const next = bulkhead.run('acc-3', async () => 'ran');
    client.abort();
    await expect(abandoned).rejects.toBeInstanceOf(SearchAbandonedError);
    holder.finish();
    await first;
    await expect(next).resolves.toBe('ran');
    const gone = new AbortController();
    gone.abort();
    await expect(bulkhead.run('acc-2', async () => 'never', gone.signal)).rejects.toBeInstanceOf(SearchAbandonedError);
  });
});
