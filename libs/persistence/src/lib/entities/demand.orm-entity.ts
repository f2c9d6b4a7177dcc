import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'demands' })
export class DemandOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'client_account_id' })
  clientAccountId!: string;

  @Column('uuid', { name: 'main_mission_id' })
  mainMissionId!: string;

  @Column('date', { name: 'date_picked' })
  datePicked!: string;

  @Column('timestamptz', { name: 'scheduled_at', nullable: true })
  scheduledAt!: Date | null;

  @Column('integer')
  participants!: number;

  @Column('integer', { name: 'stores_ids', array: true })
  storesIds!: number[];

  @Column('text', { array: true })
  shifts!: string[];

  @Column('uuid', { name: 'form_id', nullable: true })
  formId!: string | null;

  @Column('uuid', { name: 'form_pdv_id', nullable: true })
  formPdvId!: string | null;

  @Column('jsonb', { name: 'custom_fields', nullable: true })
  customFields!: object | null;

  @Column('text', { name: 'idempotency_key', nullable: true })
  idempotencyKey!: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;
}
