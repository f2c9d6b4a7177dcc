import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { PEPPER } from './server';

export interface Credentials {
  accountId: string;
  headers: { 'client-id': string; 'client-secret': string };
}

export interface Catalog {
  /** Subcategory with check_in_check_out, requiring a form. */
  workforceMission: string;
  /** Subcategory with check_in_check_out, no form required. */
  workforceNoFormMission: string;
  /** Subcategory without check_in_check_out. */
  plainMission: string;
  workforceStores: number[];
  otherStores: number[];
  formId: string;
  formPdvId: string;
}

/**
 * Arranges rows the way the provider platform would hold them. Client accounts are written with the
 * service's documented hashing (HMAC-SHA-256 keyed by the pepper), which these tests thereby pin.
 */
export class Fixtures {
  constructor(private readonly sql: Pool) {}

  async account(name = 'E2E account'): Promise<Credentials> {
    const accountId = randomUUID();
    const clientId = `cl_${randomBytes(12).toString('hex')}`;
    const secret = randomBytes(32).toString('base64url');
    const hash = createHmac('sha256', PEPPER).update(secret).digest('hex');
    await this.sql.query(
      `INSERT INTO client_accounts (id, client_id, name, secret_hash, created_at) VALUES ($1, $2, $3, $4, now())`,
      [accountId, clientId, name, hash],
    );
    return { accountId, headers: { 'client-id': clientId, 'client-secret': secret } };
  }

  async catalog(accountId: string): Promise<Catalog> {
    const subcategory = async (checkInCheckOut: boolean, requiresForm: boolean) => {
      const id = randomUUID();
      await this.sql.query(
        `INSERT INTO subcategories (id, client_account_id, name, check_in_check_out, requires_form) VALUES ($1, $2, 'Sub', $3, $4)`,
        [id, accountId, checkInCheckOut, requiresForm],
      );
      return id;
    };
    const mission = async (subcategoryId: string, checkInCheckOut: boolean) => {
      const id = randomUUID();
      await this.sql.query(
        `INSERT INTO main_missions (id, client_account_id, subcategory_id, name, check_in_check_out) VALUES ($1, $2, $3, 'Mission', $4)`,
        [id, accountId, subcategoryId, checkInCheckOut],
      );
      return id;
    };
    const store = async (isWorkforce: boolean) =>
      (
        await this.sql.query(`INSERT INTO stores (client_account_id, name, is_workforce) VALUES ($1, 'Store', $2) RETURNING id`, [
          accountId,
          isWorkforce,
        ])
      ).rows[0].id as number;
    const form = async (kind: 'FORM' | 'PDV') => {
      const uuid = randomUUID();
      await this.sql.query(`INSERT INTO forms (uuid, client_account_id, kind, name) VALUES ($1, $2, $3, 'Form')`, [uuid, accountId, kind]);
      return uuid;
    };
    return {
      workforceMission: await mission(await subcategory(true, true), true),
      workforceNoFormMission: await mission(await subcategory(true, false), true),
      plainMission: await mission(await subcategory(false, false), false),
      workforceStores: [await store(true), await store(true)],
      otherStores: [await store(false)],
      formId: await form('FORM'),
      formPdvId: await form('PDV'),
    };
  }

  /**
   * Makes every demand insert of one account sleep, holding its POSTs in flight for as long;
   * answers the function that takes the delay away again.
   */
  async slowDemandInserts(accountId: string, seconds: number): Promise<() => Promise<void>> {
    const name = `slow_demand_${accountId.replace(/-/g, '')}`;
    await this.sql.query(`
      CREATE FUNCTION ${name}() RETURNS trigger AS $$
      BEGIN
        IF NEW.client_account_id = '${accountId}' THEN PERFORM pg_sleep(${Number(seconds)}); END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql;
      CREATE TRIGGER ${name} BEFORE INSERT ON demands FOR EACH ROW EXECUTE FUNCTION ${name}();`);
    return async () => {
      await this.sql.query(`DROP TRIGGER ${name} ON demands; DROP FUNCTION ${name}();`);
    };
  }

  async count(table: 'demands' | 'missions' | 'idempotency_keys' | 'events', accountId: string): Promise<number> {
    const { rows } = await this.sql.query(`SELECT count(*)::int AS n FROM ${table} WHERE client_account_id = $1`, [accountId]);
    return rows[0].n;
  }
}
