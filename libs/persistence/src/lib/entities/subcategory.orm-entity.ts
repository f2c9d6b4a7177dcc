import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'subcategories' })
export class SubcategoryOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'client_account_id' })
  clientAccountId!: string;

  @Column('text')
  name!: string;

  @Column('boolean', { name: 'check_in_check_out' })
  checkInCheckOut!: boolean;

  @Column('boolean', { name: 'requires_form' })
  requiresForm!: boolean;
}
