import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'stores' })
export class StoreOrmEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' })
  id!: number;

  @Column('uuid', { name: 'client_account_id' })
  clientAccountId!: string;

  @Column('text')
  name!: string;

  @Column('text')
  address!: string;

  @Column('boolean', { name: 'is_workforce' })
  isWorkforce!: boolean;
}
