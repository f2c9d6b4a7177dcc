import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'pdv_records' })
export class PdvRecordOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'client_account_id' })
  clientAccountId!: string;

  @Column('uuid', { name: 'register_id' })
  registerId!: string;

  @Column('uuid', { name: 'import_products_id' })
  importProductsId!: string;

  @Column('text')
  status!: 'PENDING' | 'DONE';

  @Column('timestamptz', { name: 'delivered_at', nullable: true })
  deliveredAt!: Date | null;

  @Column('jsonb')
  data!: object;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;
}
