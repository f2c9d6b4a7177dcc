import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'import_products' })
export class ImportProductOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'client_account_id' })
  clientAccountId!: string;

  @Column('uuid', { name: 'parent_id', nullable: true })
  parentId!: string | null;

  @Column('text')
  name!: string;
}
