import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'delivery_stops' })
export class DeliveryStopOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'client_account_id' })
  clientAccountId!: string;

  @Column('uuid', { name: 'missions_user_id' })
  missionsUserId!: string;

  @Column('uuid', { name: 'delivery_place_id' })
  deliveryPlaceId!: string;

  @Column('text')
  type!: 'COLLECTION' | 'DELIVERY';

  @Column('smallint')
  progress!: number;

  @Column('text')
  identifier!: string;

  @Column('timestamptz', { name: 'started_at' })
  startedAt!: Date;

  @Column('timestamptz', { name: 'finished_at', nullable: true })
  finishedAt!: Date | null;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;
}
