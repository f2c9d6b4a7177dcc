import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';

/** The reference data a client account orders demands against, as the provider platform would hold it. */
export interface DemoCatalog {
  mainMissions: { workforce: string; pointOfSale: string; forms: string; deliveries: string };
  workforceStoreIds: number[];
  otherStoreIds: number[];
  formId: string;
  formPdvId: string;
}

const QUESTIONS = ['Is the shelf fully stocked?', 'How many facings does the product have?', 'Any price tag missing?'];

/** Writes one account's catalog: a main mission of each kind, stores and forms, in one transaction. */
export async function createDemoCatalog(manager: EntityManager, accountId: string): Promise<DemoCatalog> {
  return manager.transaction(async (tx) => {
    const subcategory = async (name: string, checkInCheckOut: boolean, requiresForm: boolean) => {
      const id = randomUUID();
      await tx.query(
        `INSERT INTO subcategories (id, client_account_id, name, check_in_check_out, requires_form) VALUES ($1, $2, $3, $4, $5)`,
        [id, accountId, name, checkInCheckOut, requiresForm],
      );
      return id;
    };
    const mainMission = async (name: string, subcategoryId: string, flags: Partial<Record<'has_pos' | 'has_forms' | 'check_in_check_out' | 'has_delivery_places', boolean>>) => {
      const id = randomUUID();
      await tx.query(
        `INSERT INTO main_missions (id, client_account_id, subcategory_id, name, has_pos, has_forms, check_in_check_out, has_delivery_places)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [id, accountId, subcategoryId, name, !!flags.has_pos, !!flags.has_forms, !!flags.check_in_check_out, !!flags.has_delivery_places],
      );
      return id;
    };
    const store = async (name: string, isWorkforce: boolean) => {
      const [row] = await tx.query(
        `INSERT INTO stores (client_account_id, name, address, is_workforce) VALUES ($1, $2, $3, $4) RETURNING id`,
        [accountId, name, `${name}, São Paulo`, isWorkforce],
      );
      return row.id as number;
    };
    const form = async (name: string, kind: 'FORM' | 'PDV') => {
      const uuid = randomUUID();
      const [row] = await tx.query(
        `INSERT INTO forms (uuid, client_account_id, kind, name) VALUES ($1, $2, $3, $4) RETURNING id`,
        [uuid, accountId, kind, name],
      );
      for (const [position, question] of QUESTIONS.entries()) {
        await tx.query(
          `INSERT INTO form_questions (id, client_account_id, form_id, position, question) VALUES ($1, $2, $3, $4, $5)`,
          [randomUUID(), accountId, row.id, position + 1, question],
        );
      }
      return uuid;
    };

    const staffing = await subcategory('Staff on demand', true, true);
    const field = await subcategory('Field work', false, false);
    return {
      mainMissions: {
        workforce: await mainMission('Promotores de loja', staffing, { check_in_check_out: true, has_forms: true }),
        pointOfSale: await mainMission('Auditoria de PDV', field, { has_pos: true }),
        forms: await mainMission('Pesquisa de gôndola', field, { has_forms: true }),
        deliveries: await mainMission('Coletas e entregas', field, { has_delivery_places: true }),
      },
      workforceStoreIds: [await store('Loja Paulista', true), await store('Loja Pinheiros', true), await store('Loja Moema', true)],
      otherStoreIds: [await store('Depósito Barra Funda', false), await store('Quiosque Ibirapuera', false)],
      formId: await form('Checklist de gôndola', 'FORM'),
      formPdvId: await form('Registro de PDV', 'PDV'),
    };
  });
}

/** The form with the most answers in the account's data: the one whose listing shows the most. */
export async function formWithMostAnswers(manager: EntityManager, accountId: string): Promise<number | null> {
  const [row] = await manager.query(
    `SELECT form_id FROM forms_data WHERE client_account_id = $1 GROUP BY form_id ORDER BY count(*) DESC, form_id LIMIT 1`,
    [accountId],
  );
  return row === undefined ? null : (row.form_id as number);
}
