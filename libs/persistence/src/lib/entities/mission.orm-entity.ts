import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'missions' })
export class MissionOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'client_account_id' })
  clientAccountId!: string;

  @Column('uuid', { name: 'demand_id' })
  demandId!: string;

  @Column('uuid', { name: 'main_mission_id' })
  mainMissionId!: string;

  @Column('integer', { name: 'store_id', nullable: true })
  storeId!: number | null;

  @Column('text', { name: 'mb_key' })
  mbKey!: string;

  @Column('timestamptz', { name: 'mission_date' })
  missionDate!: Date;

  @Column('integer')
  places!: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;
}
