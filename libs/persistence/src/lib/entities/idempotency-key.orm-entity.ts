import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'idempotency_keys' })
export class IdempotencyKeyOrmEntity {
  @PrimaryColumn('uuid', { name: 'client_account_id' })
  clientAccountId!: string;

  @PrimaryColumn('text')
  key!: string;

  @Column('text')
  fingerprint!: string;

  @Column('text')
  state!: 'IN_FLIGHT' | 'DONE';

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'completed_at', nullable: true })
  completedAt!: Date | null;

  @Column('uuid', { name: 'demand_id', nullable: true })
  demandId!: string | null;
}
