import { Client } from 'pg';
import type { DatabaseChecks, StoredDemand } from './analysis';

/** Reads, from the suite's private database, what the load's demands left behind. */
export async function readStoredDemands(databaseUrl: string, accountId: string): Promise<{ stored: StoredDemand[]; checks: DatabaseChecks }> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ marker: string; missions: number }>(
      `SELECT d.custom_fields #>> '{fields,0,value}' AS marker, count(m.id)::int AS missions
         FROM demands d LEFT JOIN missions m ON m.demand_id = d.id
        WHERE d.client_account_id = $1 AND d.custom_fields #>> '{fields,0,field}' = 'chaos-request'
        GROUP BY d.id, d.client_account_id`,
      [accountId],
    );
    const number = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0].n);
    return {
      stored: rows,
      checks: {
        demandsWithoutMissions: await number(`SELECT count(*) AS n FROM demands d WHERE NOT EXISTS (SELECT 1 FROM missions m WHERE m.demand_id = d.id)`),
        keysWithTwoDemands: await number(
          `SELECT count(*) AS n FROM (SELECT 1 FROM demands WHERE idempotency_key IS NOT NULL
             GROUP BY client_account_id, idempotency_key HAVING count(*) > 1) twice`,
        ),
        keysLeftInFlight: await number(`SELECT count(*) AS n FROM idempotency_keys WHERE state = 'IN_FLIGHT'`),
      },
    };
  } finally {
    await db.end();
  }
}
