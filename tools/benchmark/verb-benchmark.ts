// Participant verbs with the listing rows and count aggregates maintained by their triggers:
// check-in then check-out of WAITING participants through the service's own repository, from 16
// concurrent callers, each verb one transaction. The verbs have no HTTP endpoint (the CLI and the
// worker call them), so they are measured at the port.
import { Participant } from '@mwr/domain';
import { openDataSource, TypeOrmParticipantRepository } from '@mwr/persistence';

const CALLERS = 16;
const PER_CALLER = 40;

export async function verbBenchmark(options: { databaseUrl: string; accountId: string; say(line?: string): void }): Promise<void> {
  const db = await openDataSource({ url: options.databaseUrl, poolSize: CALLERS, queryTimeoutMs: 0 });
  try {
    const rows: { mu_key: string; mission_date: Date }[] = await db.query(
      `SELECT mu.mu_key, m.mission_date FROM missions_users mu JOIN missions m ON m.id = mu.mission_id
        WHERE mu.client_account_id = $1 AND mu.status = 0 ORDER BY mu.id LIMIT $2`,
      [options.accountId, CALLERS * PER_CALLER],
    );
    const participants = new TypeOrmParticipantRepository(db);
    const times: number[] = [];
    let failed = 0;
    const timed = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      try {
        await work();
        times.push(performance.now() - started);
      } catch (error) {
        failed += 1;
        if (failed === 1) console.error(error);
      }
    };
    await Promise.all(
      Array.from({ length: CALLERS }, async (_, caller) => {
        for (const row of rows.filter((_, i) => i % CALLERS === caller)) {
          const at = new Date(row.mission_date.getTime() + 8 * 3_600_000);
          await timed(() => participants.change(options.accountId, row.mu_key, (p: Participant) => p.checkIn({ at, slaToleranceMinutes: 15 })));
          await timed(() =>
            participants.change(options.accountId, row.mu_key, (p: Participant) => p.checkOut({ at: new Date(at.getTime() + 3_600_000), complete: true })),
          );
        }
      }),
    );
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]?.toFixed(1) ?? '-';
    options.say('## Participant verbs (check-in, check-out) through the repository, 16 concurrent callers');
    options.say('');
    options.say('| verbs | p50 ms | p99 ms | max ms | failed (deadlocks included) |');
    options.say('|---:|---:|---:|---:|---:|');
    options.say(`| ${times.length} | ${at(50)} | ${at(99)} | ${times.at(-1)?.toFixed(1) ?? '-'} | ${failed} |`);
    options.say('');
  } finally {
    await db.destroy();
  }
}
