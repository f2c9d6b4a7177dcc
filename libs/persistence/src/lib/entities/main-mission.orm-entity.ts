import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'main_missions' })
export class MainMissionOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'client_account_id' })
  clientAccountId!: string;

  @Column('uuid', { name: 'subcategory_id' })
  subcategoryId!: string;

  @Column('text')
  name!: string;

  @Column('boolean', { name: 'has_pos' })
  hasPos!: boolean;

  @Column('boolean', { name: 'has_forms' })
  hasForms!: boolean;

  @Column('boolean', { name: 'check_in_check_out' })
  checkInCheckOut!: boolean;

  @Column('boolean', { name: 'has_delivery_places' })
  hasDeliveryPlaces!: boolean;
}
