import { isValidTimeZone, MISSION_STATUSES, missionStatusName, REGISTER_STATUSES } from '@mwr/domain';
import { buildListingRows, LISTING_ROWS_TABLES } from '@mwr/persistence';
import type { DataSource, QueryRunner } from 'typeorm';
import { planSeedCatalog } from './seed-catalog';
import { type PdvStatus, SEED_CHUNK_MISSIONS, SEED_MAX_MISSIONS, type SeedChunk, SeedGenerator, type StopType } from './seed-generator';
import { SeedIds } from './seed-ids';
import { insertSeedCatalog, insertSeedChunk } from './seed-writer';

export const SEED_DEFAULT_MISSIONS = 200;
export const SEED_DEFAULT_SEED = 1;
/** Two connections keep both cores of a small machine busy; chunks are independent transactions. */
export const SEED_WRITERS = 2;

export interface SeedAccountOptions {
  /** the internal id of an existing client account; nothing outside it is read or written */
  accountId: string;
  missions?: number;
  seed?: number;
  timeZone?: string;
  slaToleranceMinutes?: number;
  chunkMissions?: number;
  /** connections writing chunks at once (default 2) */
  writers?: number;
  /** after each committed chunk */
  onProgress?(missionsWritten: number, missionsTotal: number): void;
}

export interface SeedSummary {
  clientId: string;
  seed: number;
  missions: number;
  /** the account's missions before this batch; part of what makes this batch's keys its own */
  missionsBefore: number;
  timeZone: string;
  elapsedSeconds: number;
  rows: Record<string, number>;
  participantsByStatus: Record<string, number>;
  registersByStatus: Record<string, number>;
  pdvRecordsByStatus: Record<PdvStatus, number>;
  deliveryStopsByType: Record<StopType, { started: number; finished: number }>;
  /** main missions (one per flag combination) that hold at least one approved register */
  flagCombinationsWithApprovedRegisters: number;
}

export class SeedRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedRefusedError';
  }
}

/**
 * Adds one batch of generated data to a client account: its own catalog (subcategories, one main
 * mission per flag combination, stores, forms, imported products, delivery places), then the
 * demands and everything under them, chunk by chunk, each chunk in its own transaction. A second
 * run adds a second batch beside the first: the batch's ids and keys are salted with the account's
 * client id and its current size, so they never repeat those of an earlier batch.
 */
export async function seedClientAccount(dataSource: DataSource, options: SeedAccountOptions): Promise<SeedSummary> {
  const started = performance.now();
  const missions = options.missions ?? SEED_DEFAULT_MISSIONS;
  const seed = options.seed ?? SEED_DEFAULT_SEED;
  const timeZone = options.timeZone ?? 'America/Sao_Paulo';
  const { accountId } = options;
  // Checked before anything is written: a refusal must not leave a catalog behind.
  if (!Number.isSafeInteger(missions) || missions < 1 || missions > SEED_MAX_MISSIONS) {
    throw new SeedRefusedError(`missions must be an integer from 1 to ${SEED_MAX_MISSIONS}, got ${missions}`);
  }
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > 0xffff_ffff) throw new SeedRefusedError(`seed must be an integer from 0 to 4294967295, got ${seed}`);
  if (!isValidTimeZone(timeZone)) throw new SeedRefusedError(`${timeZone} is not an IANA time zone`);
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    // Two runs on one account at once would salt their keys alike; the second is refused.
    const lockKey = `mwr-seed:${accountId}`;
    const [{ locked }] = await runner.query('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [lockKey]);
    if (!locked) throw new SeedRefusedError('Another seed is running for this client account; run again when it has finished');
    try {
      const [account] = await runner.query(
        `SELECT a.client_id,
                (SELECT count(*)::int FROM missions m WHERE m.client_account_id = a.id) AS missions,
                (SELECT count(*)::int FROM main_missions mm WHERE mm.client_account_id = a.id) AS main_missions
           FROM client_accounts a WHERE a.id = $1`,
        [accountId],
      );
      if (!account) throw new SeedRefusedError(`No client account with id ${accountId}`);
      // The main missions count changes as soon as a catalog is committed, so even a run that
      // failed before its first chunk leaves the next run a different salt.
      const ids = new SeedIds(`${account.client_id}|seed=${seed}|missions=${account.missions}|main_missions=${account.main_missions}`);
      const plan = planSeedCatalog(ids);
      const catalog = await inTransaction(runner, () => insertSeedCatalog(runner, accountId, plan));
      const generator = new SeedGenerator(catalog, {
        seed,
        missions,
        ids,
        timeZone,
        slaToleranceMinutes: options.slaToleranceMinutes,
      });
      const tally = new Tally();
      const writers = options.writers ?? SEED_WRITERS;
      let written = 0;
      tally.add('subcategories', plan.subcategories.length);
      tally.add('main_missions', plan.mainMissions.length);
      tally.add('stores', plan.stores.length);
      tally.add('forms', plan.forms.length);
      tally.add('form_questions', plan.forms.reduce((sum, form) => sum + form.questions.length, 0));
      tally.add('import_products', plan.importProducts.length);
      tally.add('delivery_places', plan.deliveryPlaces.length);

      // The chunks leave their workforce, register and point-of-sale listing rows to a set-based
      // build at the end (migration 7): until then those listings neither show nor count the batch,
      // so their totals still agree with their pages. Each listing is built in a transaction of its
      // own, side by side. The build runs even when a chunk failed, for the chunks that landed; a
      // seed killed before it is repaired by `db rebuild-listings`.
      const { first, last } = ids.uuidRange();
      // A new database (nothing listed yet, the demo's or a benchmark's) gets its trigram indexes
      // built anew after the batch, instead of one document at a time: about half the cost.
      const [{ listed }] = await runner.query(
        `SELECT EXISTS (SELECT FROM workforce_rows) OR EXISTS (SELECT FROM register_rows) OR EXISTS (SELECT FROM pdv_rows) AS listed`,
      );
      const rebuildSearchIndex = !listed;
      const buildListingRowsOfBatch = () => {
        const tables = [...LISTING_ROWS_TABLES];
        return onConnections(dataSource, runner, writers, () => tables.shift() ?? null, (builder, table) =>
          inTransaction(builder, () => buildListingRows(builder, table, first, last, { rebuildSearchIndex })),
        );
      };
      try {
        await onConnections(dataSource, runner, writers, () => generator.nextChunk(options.chunkMissions ?? SEED_CHUNK_MISSIONS), async (writer, chunk) => {
          await inTransaction(writer, async () => {
            await writer.query(`SET LOCAL mwr.listing_rows = 'deferred'`);
            // A chunk lost to a crash is a seed to run again, not data to keep: no flush per commit.
            await writer.query('SET LOCAL synchronous_commit = off');
            await insertSeedChunk(writer, accountId, chunk);
          });
          tally.count(chunk);
          written += chunk.missions.length;
          options.onProgress?.(written, missions);
        });
      } catch (error) {
        // Its own failure (the connection is gone, say) must not hide the chunk's.
        await buildListingRowsOfBatch().catch(() => undefined);
        throw error;
      }
      await buildListingRowsOfBatch();
      return {
        clientId: account.client_id,
        seed,
        missions,
        missionsBefore: account.missions,
        timeZone,
        elapsedSeconds: Math.round(performance.now() - started) / 1000,
        ...tally.summary(),
      };
    } finally {
      // A lost connection has released the lock already; its error must not hide the real one.
      await runner.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockKey]).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}

/**
 * Runs the work items `next` gives on `connections` connections at once: while some chunks are
 * written, the next one is generated, and PostgreSQL works on several at a time. Each item is its
 * own transaction, so their commit order does not matter; at most `connections` items are held in
 * memory. After a failure no new item starts, the ones under way finish or roll back, and the
 * first error is thrown.
 */
async function onConnections<Item>(
  dataSource: DataSource,
  first: QueryRunner,
  connections: number,
  next: () => Item | null,
  work: (runner: QueryRunner, item: Item) => Promise<void>,
): Promise<void> {
  const idle: QueryRunner[] = [first];
  const opened: QueryRunner[] = [];
  // Never more writers than the pool has connections: a waiting connect would time out.
  const poolSize = (dataSource.options as { poolSize?: number }).poolSize ?? 10;
  try {
    for (let i = 1; i < Math.min(connections, poolSize); i += 1) {
      const extra = dataSource.createQueryRunner();
      await extra.connect();
      opened.push(extra);
      idle.push(extra);
    }
    const running = new Set<Promise<void>>();
    let failure: unknown = null;
    for (let item = next(); item !== null && failure === null; item = failure === null ? next() : null) {
      const connection = idle.pop() as QueryRunner;
      const task: Promise<void> = work(connection, item)
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => {
          running.delete(task);
          idle.push(connection);
        });
      running.add(task);
      if (idle.length === 0) await Promise.race(running);
    }
    await Promise.all(running);
    if (failure !== null) throw failure;
  } finally {
    for (const extra of opened) await extra.release();
  }
}

async function inTransaction<T>(runner: QueryRunner, work: () => Promise<T>): Promise<T> {
  await runner.startTransaction();
  try {
    const result = await work();
    await runner.commitTransaction();
    return result;
  } catch (error) {
    await runner.rollbackTransaction();
    throw error;
  }
}

class Tally {
  private readonly rows: Record<string, number> = {};
  private readonly participants = new Map<number, number>(MISSION_STATUSES.map((status) => [status, 0]));
  private readonly registers = new Map<string, number>(REGISTER_STATUSES.map((status) => [status, 0]));
  private readonly pdv: Record<PdvStatus, number> = { PENDING: 0, DONE: 0 };
  private readonly stops: Record<StopType, { started: number; finished: number }> = {
    COLLECTION: { started: 0, finished: 0 },
    DELIVERY: { started: 0, finished: 0 },
  };
  private readonly approvedMains = new Set<string>();

  add(table: string, count: number): void {
    this.rows[table] = (this.rows[table] ?? 0) + count;
  }

  count(chunk: SeedChunk): void {
    this.add('demands', chunk.demands.length);
    this.add('missions', chunk.missions.length);
    this.add('missions_users', chunk.participants.length);
    this.add('registers', chunk.registers.length);
    this.add('forms_data', chunk.formsData.length);
    this.add('forms_data_answers', chunk.formsDataAnswers.length);
    this.add('pdv_records', chunk.pdvRecords.length);
    this.add('delivery_stops', chunk.deliveryStops.length);
    for (const { status } of chunk.participants) this.participants.set(status, (this.participants.get(status) ?? 0) + 1);
    const mainOf = new Map(chunk.missions.map((mission) => [mission.id, mission.mainMissionId]));
    for (const { status, missionId } of chunk.registers) {
      this.registers.set(status, (this.registers.get(status) ?? 0) + 1);
      if (status === 'APPROVED') this.approvedMains.add(mainOf.get(missionId) as string);
    }
    for (const { status } of chunk.pdvRecords) this.pdv[status] += 1;
    for (const { type, progress } of chunk.deliveryStops) this.stops[type][progress === 1 ? 'started' : 'finished'] += 1;
  }

  summary() {
    const total = Object.values(this.rows).reduce((sum, count) => sum + count, 0);
    return {
      rows: { ...this.rows, total },
      participantsByStatus: Object.fromEntries([...this.participants].map(([status, count]) => [missionStatusName(status), count])),
      registersByStatus: Object.fromEntries(this.registers),
      pdvRecordsByStatus: { ...this.pdv },
      deliveryStopsByType: { COLLECTION: { ...this.stops.COLLECTION }, DELIVERY: { ...this.stops.DELIVERY } },
      flagCombinationsWithApprovedRegisters: this.approvedMains.size,
    };
  }
}
