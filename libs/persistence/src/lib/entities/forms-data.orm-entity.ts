import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'forms_data' })
export class FormsDataOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'client_account_id' })
  clientAccountId!: string;

  @Column('uuid', { name: 'register_id' })
  registerId!: string;

  @Column('uuid', { name: 'missions_user_id' })
  missionsUserId!: string;

  @Column('integer', { name: 'form_id' })
  formId!: number;

  @Column('text')
  identifier!: string;

  @Column('timestamptz', { name: 'answered_at' })
  answeredAt!: Date;
}
