import { randomBytes, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';

export interface Flags {
  has_pos?: boolean;
  has_forms?: boolean;
  check_in_check_out?: boolean;
  has_delivery_places?: boolean;
}

/** One participant's place on one mission: the chain every listing's rows hang from. */
export interface Chain {
  accountId: string;
  mainMissionId: string;
  missionId: string;
  missionsUserId: string;
  mbKey: string;
  muKey: string;
}

const key = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex').toUpperCase()}`;

/**
 * Rows for report tests with exactly the values a test needs (a name, an instant at a day's edge).
 * Volume and variety come from `npm run -s cli -- seed`; these are for precise cases.
 */
export class ReportFixtures {
  constructor(private readonly sql: Pool) {}

  async chain(
    accountId: string,
    options: { flags?: Flags; missionName?: string; userName?: string; missionDate?: string; status?: number; mbKey?: string } = {},
  ): Promise<Chain> {
    const flags = { has_pos: false, has_forms: false, check_in_check_out: false, has_delivery_places: false, ...options.flags };
    const subcategoryId = randomUUID();
    const mainMissionId = randomUUID();
    const demandId = randomUUID();
    const missionId = randomUUID();
    const missionsUserId = randomUUID();
    const mbKey = options.mbKey ?? key('MB');
    const muKey = key('MU');
    const missionDate = options.missionDate ?? '2026-03-10T12:00:00.000Z';
    await this.sql.query(
      `INSERT INTO subcategories (id, client_account_id, name, check_in_check_out) VALUES ($1, $2, 'Sub', $3)`,
      [subcategoryId, accountId, flags.check_in_check_out],
    );
    await this.sql.query(
      `INSERT INTO main_missions (id, client_account_id, subcategory_id, name, has_pos, has_forms, check_in_check_out, has_delivery_places)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [mainMissionId, accountId, subcategoryId, options.missionName ?? 'Missão', flags.has_pos, flags.has_forms, flags.check_in_check_out, flags.has_delivery_places],
    );
    await this.sql.query(
      `INSERT INTO demands (id, client_account_id, main_mission_id, date_picked, participants, created_at) VALUES ($1, $2, $3, $4, 1, now())`,
      [demandId, accountId, mainMissionId, missionDate.slice(0, 10)],
    );
    await this.sql.query(
      `INSERT INTO missions (id, client_account_id, demand_id, main_mission_id, mb_key, mission_date, places, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 1, now())`,
      [missionId, accountId, demandId, mainMissionId, mbKey, missionDate],
    );
    const started = (options.status ?? 2) !== 0;
    await this.sql.query(
      `INSERT INTO missions_users (id, client_account_id, mission_id, mu_key, user_name, status, check_in_at, check_out_at,
                                   is_sla, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, now(), now())`,
      [
        missionsUserId,
        accountId,
        missionId,
        muKey,
        options.userName ?? 'Participante',
        options.status ?? 2,
        started ? '2026-03-10T11:00:00Z' : null,
        started && options.status !== 1 ? '2026-03-10T19:30:15Z' : null,
      ],
    );
    return { accountId, mainMissionId, missionId, missionsUserId, mbKey, muKey };
  }

  async register(chain: Chain, options: { status?: string; updatedAt?: string; identifier?: string } = {}): Promise<string> {
    const id = randomUUID();
    await this.sql.query(
      `INSERT INTO registers (id, client_account_id, missions_user_id, mission_id, identifier, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [id, chain.accountId, chain.missionsUserId, chain.missionId, options.identifier ?? 'REG-1', options.status ?? 'APPROVED', options.updatedAt ?? '2026-03-10T12:00:00Z'],
    );
    return id;
  }

  async form(accountId: string, name = 'Checklist', questions = ['Q1?', 'Q2?']): Promise<number> {
    const { rows } = await this.sql.query(
      `INSERT INTO forms (uuid, client_account_id, kind, name) VALUES ($1, $2, 'FORM', $3) RETURNING id`,
      [randomUUID(), accountId, name],
    );
    for (const [index, question] of questions.entries()) {
      await this.sql.query(
        `INSERT INTO form_questions (id, client_account_id, form_id, position, question) VALUES ($1, $2, $3, $4, $5)`,
        [randomUUID(), accountId, rows[0].id, index + 1, question],
      );
    }
    return rows[0].id;
  }

  async answers(chain: Chain, registerId: string, formId: number, answeredAt: string, answers: [string, string][]): Promise<string> {
    const id = randomUUID();
    await this.sql.query(
      `INSERT INTO forms_data (id, client_account_id, register_id, missions_user_id, form_id, identifier, answered_at)
       VALUES ($1, $2, $3, $4, $5, 'FD-1', $6)`,
      [id, chain.accountId, registerId, chain.missionsUserId, formId, answeredAt],
    );
    for (const [index, [question, answer]] of answers.entries()) {
      await this.sql.query(
        `INSERT INTO forms_data_answers (id, client_account_id, forms_data_id, position, question, answer) VALUES ($1, $2, $3, $4, $5, $6)`,
        [randomUUID(), chain.accountId, id, index + 1, question, answer],
      );
    }
    return id;
  }

  /** A product under a chain of categories, root first; answers the product's id. */
  async product(accountId: string, path: string[], name: string): Promise<string> {
    let parent: string | null = null;
    for (const category of [...path, name]) {
      const id: string = randomUUID();
      await this.sql.query(`INSERT INTO import_products (id, client_account_id, parent_id, name) VALUES ($1, $2, $3, $4)`, [
        id,
        accountId,
        parent,
        category,
      ]);
      parent = id;
    }
    return parent as string;
  }

  async pdv(chain: Chain, registerId: string, productId: string, options: { status?: string; updatedAt?: string; data?: object } = {}): Promise<string> {
    const id = randomUUID();
    await this.sql.query(
      `INSERT INTO pdv_records (id, client_account_id, register_id, import_products_id, status, delivered_at, data, updated_at)
       VALUES ($1, $2, $3, $4, $5, '2026-03-10T13:00:00Z', $6, $7)`,
      [id, chain.accountId, registerId, productId, options.status ?? 'DONE', JSON.stringify(options.data ?? { shelf: 3 }), options.updatedAt ?? '2026-03-10T12:00:00Z'],
    );
    return id;
  }

  async stop(chain: Chain, options: { type?: string; startedAt?: string; finished?: boolean } = {}): Promise<string> {
    const placeId = randomUUID();
    const id = randomUUID();
    const startedAt = options.startedAt ?? '2026-03-10T12:00:00Z';
    await this.sql.query(`INSERT INTO delivery_places (id, client_account_id, name, address) VALUES ($1, $2, 'Centro de Distribuição', 'Rua A, 1')`, [
      placeId,
      chain.accountId,
    ]);
    await this.sql.query(
      `INSERT INTO delivery_stops (id, client_account_id, missions_user_id, delivery_place_id, type, progress, identifier, started_at,
                                   finished_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'STOP-1', $7, $8, $7)`,
      [id, chain.accountId, chain.missionsUserId, placeId, options.type ?? 'DELIVERY', options.finished ? 2 : 1, startedAt, options.finished ? startedAt : null],
    );
    return id;
  }
}
