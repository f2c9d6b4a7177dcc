import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'forms' })
export class FormOrmEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' })
  id!: number;

  @Column('uuid', { name: 'client_account_id' })
  clientAccountId!: string;

  @Column('uuid')
  uuid!: string;

  @Column('text')
  kind!: 'FORM' | 'PDV';

  @Column('text')
  name!: string;
}
