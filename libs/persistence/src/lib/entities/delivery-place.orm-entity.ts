import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'delivery_places' })
export class DeliveryPlaceOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'client_account_id' })
  clientAccountId!: string;

  @Column('text')
  name!: string;

  @Column('text')
  address!: string;
}
