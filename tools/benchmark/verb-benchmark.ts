// Participant verbs with the listing rows and count aggregates maintained by their triggers:
// check-in then check-out of WAITING participants through the service's own repository, from 16
// concurrent callers, each verb one transaction. The verbs have no HTTP endpoint (the CLI and the
// worker call them), so they are measured at the port: once without events, once writing each
// verb's participant.status_changed to the outbox as the service does, whose per-account number
// makes the commits of one account's writers take turns (docs/adr/0014).
import { type ChangeContext, Participant, participantStatusChanged, uuidV7 } from '@mwr/domain';
import { openDataSource, TypeOrmParticipantRepository } from '@mwr/persistence';

const CALLERS = 16;
const PER_CALLER = 40;

export async function verbBenchmark(options: { databaseUrl: string; accountId: string; say(line?: string): void }): Promise<void> {
  const db = await openDataSource({ url: options.databaseUrl, poolSize: CALLERS, queryTimeoutMs: 0 });
  try {
    const rows: { mu_key: string; mission_date: Date }[] = await db.query(
      `SELECT mu.mu_key, m.mission_date FROM missions_users mu JOIN missions m ON m.id = mu.mission_id
        WHERE mu.client_account_id = $1 AND mu.status = 0 ORDER BY mu.id LIMIT $2`,
      [options.accountId, 2 * CALLERS * PER_CALLER],
    );
    const participants = new TypeOrmParticipantRepository(db);
    options.say('## Participant verbs (check-in, check-out) through the repository, 16 concurrent callers on one account');
    options.say('');
    options.say('| events | verbs | p50 ms | p99 ms | max ms | failed (deadlocks included) |');
    options.say('|---|---:|---:|---:|---:|---:|');
    for (const [variant, withEvents] of [['none', false], ['to the outbox', true]] as const) {
      const half = rows.slice(withEvents ? rows.length / 2 : 0, withEvents ? rows.length : rows.length / 2);
      const times: number[] = [];
      let failed = 0;
      const verb = (muKey: string, apply: (p: Participant) => void) => () =>
        participants.change(options.accountId, muKey, (p: Participant, context: ChangeContext) => {
          const before = p.state;
          apply(p);
          const event = participantStatusChanged(before, p.state, { id: uuidV7(Date.now()), accountId: options.accountId, mbKey: context.mbKey, recordedAt: new Date() });
          if (withEvents && event) context.record(event);
        });
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
          for (const row of half.filter((_, i) => i % CALLERS === caller)) {
            const at = new Date(row.mission_date.getTime() + 8 * 3_600_000);
            await timed(verb(row.mu_key, (p) => p.checkIn({ at, slaToleranceMinutes: 15 })));
            await timed(verb(row.mu_key, (p) => p.checkOut({ at: new Date(at.getTime() + 3_600_000), complete: true })));
          }
        }),
      );
      times.sort((a, b) => a - b);
      const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]?.toFixed(1) ?? '-';
      options.say(`| ${variant} | ${times.length} | ${at(50)} | ${at(99)} | ${times.at(-1)?.toFixed(1) ?? '-'} | ${failed} |`);
    }
    options.say('');
  } finally {
    await db.destroy();
  }
}
