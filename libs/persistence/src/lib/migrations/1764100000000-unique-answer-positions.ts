import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One answer per question position in a submission. Form answers are listed by submission, then
 * position: with this, that order is total, so pages never overlap or skip an answer.
 */
export class UniqueAnswerPositions1764100000000 implements MigrationInterface {
  name = 'UniqueAnswerPositions1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP INDEX forms_data_answers_account_data_idx;
      CREATE UNIQUE INDEX forms_data_answers_account_data_position_key
        ON forms_data_answers (client_account_id, forms_data_id, position);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP INDEX forms_data_answers_account_data_position_key;
      CREATE INDEX forms_data_answers_account_data_idx ON forms_data_answers (client_account_id, forms_data_id, position);
    `);
  }
}
