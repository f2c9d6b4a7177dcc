import { once } from 'node:events';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { QueryRunner } from 'typeorm';
import type { SeedCatalog, SeedCatalogPlan } from './seed-catalog';
import type { SeedChunk } from './seed-generator';

type Value = string | number | boolean | Date | null | readonly (string | number)[] | Record<string, unknown>;

interface Column<Row> {
  name: string;
  /** the column's SQL type; array types travel as array literals and are cast back in the SELECT */
  type: string;
  value(row: Row): Value;
}

function toParameter(value: Value, type: string): string | number | boolean | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (type.endsWith('[]')) return arrayLiteral(value as readonly (string | number)[]);
  if (type === 'jsonb') return JSON.stringify(value);
  return value as string | number | boolean;
}

// Every element quoted: shift texts hold dashes and colons, names may hold anything.
function arrayLiteral(items: readonly (string | number)[]): string {
  return `{${items.map((item) => `"${String(item).replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/**
 * One statement per table however many rows: each column travels as a single array parameter and
 * unnest zips them back into rows, so the statement text and the parameter count stay fixed.
 */
async function insertRows<Row>(
  runner: QueryRunner,
  table: string,
  accountId: string,
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  returning = '',
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  // Quoted: `position` and `type` are keywords, however harmless here.
  const names = columns.map((column) => `"${column.name}"`);
  const unnested = columns.map((column, i) => `$${i + 2}::${column.type.endsWith('[]') ? 'text' : column.type}[]`);
  const selected = names.map((name, i) => (columns[i].type.endsWith('[]') ? `u.${name}::${columns[i].type}` : `u.${name}`));
  const parameters = columns.map((column) => rows.map((row) => toParameter(column.value(row), column.type)));
  const sql =
    `INSERT INTO ${table} (client_account_id, ${names.join(', ')}) ` +
    `SELECT $1, ${selected.join(', ')} FROM unnest(${unnested.join(', ')}) AS u(${names.join(', ')})` +
    (returning ? ` RETURNING ${returning}` : '');
  const result = await runner.query(sql, [accountId, ...parameters]);
  return returning ? (result as Record<string, unknown>[]) : [];
}

// COPY's text format: a backslash, and the characters that end a field or a row, are escaped.
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function copyField(value: Value, type: string): string {
  const parameter = toParameter(value, type);
  if (parameter === null) return '\\N';
  return String(parameter).replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]);
}

/**
 * Bulk rows through `COPY … FROM STDIN`: no statement to parse and plan per table, and the server
 * writes the heap a page at a time. Each chunk's text is a few megabytes, sent in one piece.
 */
async function copyRows<Row>(runner: QueryRunner, table: string, accountId: string, columns: readonly Column<Row>[], rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const client = (await runner.connect()) as PoolClient;
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const lines = rows.map((row) => `${accountId}\t${columns.map((c) => copyField(c.value(row), c.type)).join('\t')}\n`);
  const stream = client.query(copyFrom(`COPY ${table} (client_account_id, ${names}) FROM STDIN`));
  const finished = once(stream, 'finish');
  stream.end(lines.join(''));
  await finished;
}

function column<Row>(name: string, type: string, value: (row: Row) => Value): Column<Row> {
  return { name, type, value };
}

/** Writes the batch's reference data and answers it with the ids the database gave stores and forms. */
export async function insertSeedCatalog(runner: QueryRunner, accountId: string, plan: SeedCatalogPlan): Promise<SeedCatalog> {
  type Sub = SeedCatalogPlan['subcategories'][number];
  await insertRows<Sub>(runner, 'subcategories', accountId, [
    column('id', 'uuid', (r) => r.id),
    column('name', 'text', (r) => r.name),
    column('check_in_check_out', 'boolean', (r) => r.checkInCheckOut),
    column('requires_form', 'boolean', (r) => r.requiresForm),
  ], plan.subcategories);

  type Main = SeedCatalogPlan['mainMissions'][number];
  await insertRows<Main>(runner, 'main_missions', accountId, [
    column('id', 'uuid', (r) => r.id),
    column('subcategory_id', 'uuid', (r) => r.subcategoryId),
    column('name', 'text', (r) => r.name),
    column('has_pos', 'boolean', (r) => r.hasPos),
    column('has_forms', 'boolean', (r) => r.hasForms),
    column('check_in_check_out', 'boolean', (r) => r.checkInCheckOut),
    column('has_delivery_places', 'boolean', (r) => r.hasDeliveryPlaces),
  ], plan.mainMissions);

  // Identity columns: the names (unique within a batch) tell which generated id is whose.
  type Store = SeedCatalogPlan['stores'][number];
  const storeRows = await insertRows<Store>(runner, 'stores', accountId, [
    column('name', 'text', (r) => r.name),
    column('address', 'text', (r) => r.address),
    column('is_workforce', 'boolean', (r) => r.isWorkforce),
  ], plan.stores, 'id, name');
  const storeIds = new Map(storeRows.map((row) => [row['name'] as string, Number(row['id'])]));

  type Form = SeedCatalogPlan['forms'][number];
  const formRows = await insertRows<Form>(runner, 'forms', accountId, [
    column('uuid', 'uuid', (r) => r.uuid),
    column('kind', 'text', (r) => r.kind),
    column('name', 'text', (r) => r.name),
  ], plan.forms, 'id, uuid');
  const formIds = new Map(formRows.map((row) => [row['uuid'] as string, Number(row['id'])]));
  const forms = plan.forms.map((form) => ({ ...form, id: formIds.get(form.uuid) as number }));

  type Question = { formId: number; question: Form['questions'][number] };
  await insertRows<Question>(runner, 'form_questions', accountId, [
    column('id', 'uuid', (r) => r.question.id),
    column('form_id', 'integer', (r) => r.formId),
    column('position', 'integer', (r) => r.question.position),
    column('question', 'text', (r) => r.question.question),
  ], forms.flatMap((form) => form.questions.map((question) => ({ formId: form.id, question }))));

  type Product = SeedCatalogPlan['importProducts'][number];
  await insertRows<Product>(runner, 'import_products', accountId, [
    column('id', 'uuid', (r) => r.id),
    column('parent_id', 'uuid', (r) => r.parentId),
    column('name', 'text', (r) => r.name),
  ], plan.importProducts);

  type Place = SeedCatalogPlan['deliveryPlaces'][number];
  await insertRows<Place>(runner, 'delivery_places', accountId, [
    column('id', 'uuid', (r) => r.id),
    column('name', 'text', (r) => r.name),
    column('address', 'text', (r) => r.address),
  ], plan.deliveryPlaces);

  return { ...plan, stores: plan.stores.map((store) => ({ ...store, id: storeIds.get(store.name) as number })), forms };
}

type Rows<K extends keyof SeedChunk> = SeedChunk[K][number];

const DEMAND_COLUMNS: readonly Column<Rows<'demands'>>[] = [
  column('id', 'uuid', (r) => r.id),
  column('main_mission_id', 'uuid', (r) => r.mainMissionId),
  column('date_picked', 'date', (r) => r.datePicked),
  column('scheduled_at', 'timestamptz', (r) => r.scheduledAt),
  column('participants', 'integer', (r) => r.participants),
  column('stores_ids', 'integer[]', (r) => r.storesIds),
  column('shifts', 'text[]', (r) => r.shifts),
  column('form_id', 'uuid', (r) => r.formId),
  column('form_pdv_id', 'uuid', (r) => r.formPdvId),
  column('custom_fields', 'jsonb', (r) => r.customFields),
  column('created_at', 'timestamptz', (r) => r.createdAt),
];

const MISSION_COLUMNS: readonly Column<Rows<'missions'>>[] = [
  column('id', 'uuid', (r) => r.id),
  column('demand_id', 'uuid', (r) => r.demandId),
  column('main_mission_id', 'uuid', (r) => r.mainMissionId),
  column('store_id', 'integer', (r) => r.storeId),
  column('mb_key', 'text', (r) => r.mbKey),
  column('mission_date', 'timestamptz', (r) => r.missionDate),
  column('places', 'integer', (r) => r.places),
  column('created_at', 'timestamptz', (r) => r.createdAt),
];

const PARTICIPANT_COLUMNS: readonly Column<Rows<'participants'>>[] = [
  column('id', 'uuid', (r) => r.id),
  column('mission_id', 'uuid', (r) => r.missionId),
  column('mu_key', 'text', (r) => r.muKey),
  column('user_name', 'text', (r) => r.userName),
  column('status', 'smallint', (r) => r.status),
  column('shift_starts_at', 'timestamptz', (r) => r.shiftStartsAt),
  column('scheduled_for', 'timestamptz', (r) => r.scheduledFor),
  column('check_in_at', 'timestamptz', (r) => r.checkInAt),
  column('check_out_at', 'timestamptz', (r) => r.checkOutAt),
  column('token_input', 'text', (r) => r.tokenInput),
  column('is_sla', 'boolean', (r) => r.isSla),
  column('rating', 'smallint', (r) => r.rating),
  column('rating_message', 'text', (r) => r.ratingMessage),
  column('is_buffer', 'boolean', (r) => r.isBuffer),
  column('requests', 'jsonb', (r) => r.requests as Value),
  column('created_at', 'timestamptz', (r) => r.createdAt),
  column('updated_at', 'timestamptz', (r) => r.updatedAt),
];

const REGISTER_COLUMNS: readonly Column<Rows<'registers'>>[] = [
  column('id', 'uuid', (r) => r.id),
  column('missions_user_id', 'uuid', (r) => r.missionsUserId),
  column('mission_id', 'uuid', (r) => r.missionId),
  column('identifier', 'text', (r) => r.identifier),
  column('status', 'text', (r) => r.status),
  column('created_at', 'timestamptz', (r) => r.createdAt),
  column('updated_at', 'timestamptz', (r) => r.updatedAt),
];

const FORMS_DATA_COLUMNS: readonly Column<Rows<'formsData'>>[] = [
  column('id', 'uuid', (r) => r.id),
  column('register_id', 'uuid', (r) => r.registerId),
  column('missions_user_id', 'uuid', (r) => r.missionsUserId),
  column('form_id', 'integer', (r) => r.formId),
  column('identifier', 'text', (r) => r.identifier),
  column('answered_at', 'timestamptz', (r) => r.answeredAt),
];

const ANSWER_COLUMNS: readonly Column<Rows<'formsDataAnswers'>>[] = [
  column('id', 'uuid', (r) => r.id),
  column('forms_data_id', 'uuid', (r) => r.formsDataId),
  column('position', 'integer', (r) => r.position),
  column('question', 'text', (r) => r.question),
  column('answer', 'text', (r) => r.answer),
];

const PDV_COLUMNS: readonly Column<Rows<'pdvRecords'>>[] = [
  column('id', 'uuid', (r) => r.id),
  column('register_id', 'uuid', (r) => r.registerId),
  column('import_products_id', 'uuid', (r) => r.importProductsId),
  column('status', 'text', (r) => r.status),
  column('delivered_at', 'timestamptz', (r) => r.deliveredAt),
  column('data', 'jsonb', (r) => r.data),
  column('updated_at', 'timestamptz', (r) => r.updatedAt),
];

const STOP_COLUMNS: readonly Column<Rows<'deliveryStops'>>[] = [
  column('id', 'uuid', (r) => r.id),
  column('missions_user_id', 'uuid', (r) => r.missionsUserId),
  column('delivery_place_id', 'uuid', (r) => r.deliveryPlaceId),
  column('type', 'text', (r) => r.type),
  column('progress', 'smallint', (r) => r.progress),
  column('identifier', 'text', (r) => r.identifier),
  column('started_at', 'timestamptz', (r) => r.startedAt),
  column('finished_at', 'timestamptz', (r) => r.finishedAt),
  column('updated_at', 'timestamptz', (r) => r.updatedAt),
];

/** Writes one chunk, parents before children; the caller owns the transaction. */
export async function insertSeedChunk(runner: QueryRunner, accountId: string, chunk: SeedChunk): Promise<void> {
  await copyRows(runner, 'demands', accountId, DEMAND_COLUMNS, chunk.demands);
  await copyRows(runner, 'missions', accountId, MISSION_COLUMNS, chunk.missions);
  await copyRows(runner, 'missions_users', accountId, PARTICIPANT_COLUMNS, chunk.participants);
  await copyRows(runner, 'registers', accountId, REGISTER_COLUMNS, chunk.registers);
  await copyRows(runner, 'forms_data', accountId, FORMS_DATA_COLUMNS, chunk.formsData);
  await copyRows(runner, 'forms_data_answers', accountId, ANSWER_COLUMNS, chunk.formsDataAnswers);
  await copyRows(runner, 'pdv_records', accountId, PDV_COLUMNS, chunk.pdvRecords);
  await copyRows(runner, 'delivery_stops', accountId, STOP_COLUMNS, chunk.deliveryStops);
}
