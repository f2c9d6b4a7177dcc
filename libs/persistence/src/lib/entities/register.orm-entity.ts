import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'registers' })
export class RegisterOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'client_account_id' })
  clientAccountId!: string;

  @Column('uuid', { name: 'missions_user_id' })
  missionsUserId!: string;

  @Column('uuid', { name: 'mission_id' })
  missionId!: string;

  @Column('text')
  identifier!: string;

  @Column('text')
  status!: 'PENDING' | 'APPROVED' | 'REPROVED';

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;
}
