import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'missions_users' })
export class MissionsUserOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'client_account_id' })
  clientAccountId!: string;

  @Column('uuid', { name: 'mission_id' })
  missionId!: string;

  @Column('text', { name: 'mu_key' })
  muKey!: string;

  @Column('text', { name: 'user_name' })
  userName!: string;

  @Column('smallint')
  status!: number;

  @Column('timestamptz', { name: 'shift_starts_at', nullable: true })
  shiftStartsAt!: Date | null;

  @Column('timestamptz', { name: 'scheduled_for', nullable: true })
  scheduledFor!: Date | null;

  @Column('timestamptz', { name: 'check_in_at', nullable: true })
  checkInAt!: Date | null;

  @Column('timestamptz', { name: 'check_out_at', nullable: true })
  checkOutAt!: Date | null;

  @Column('text', { name: 'token_input', nullable: true })
  tokenInput!: string | null;

  @Column('boolean', { name: 'is_sla' })
  isSla!: boolean;

  @Column('smallint', { nullable: true })
  rating!: number | null;

  @Column('text', { name: 'rating_message', nullable: true })
  ratingMessage!: string | null;

  @Column('boolean', { name: 'is_buffer' })
  isBuffer!: boolean;

  @Column('jsonb', { nullable: true })
  requests!: string[] | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;
}
