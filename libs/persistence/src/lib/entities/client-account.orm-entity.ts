import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'client_accounts' })
export class ClientAccountOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text', { name: 'client_id' })
  clientId!: string;

  @Column('text')
  name!: string;

  @Column('text', { name: 'secret_hash' })
  secretHash!: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;
}
