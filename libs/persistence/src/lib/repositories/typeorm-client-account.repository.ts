import { type ClientAccount, ClientAccountRepository, type NewClientAccount } from '@mwr/domain';
import type { DataSource } from 'typeorm';
import { ClientAccountOrmEntity } from '../entities';

function toAccount(row: ClientAccountOrmEntity): ClientAccount {
  return { id: row.id, clientId: row.clientId, name: row.name, createdAt: row.createdAt, revokedAt: row.revokedAt };
}

export class TypeOrmClientAccountRepository extends ClientAccountRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async create(account: NewClientAccount): Promise<void> {
    await this.dataSource.getRepository(ClientAccountOrmEntity).insert({ ...account, revokedAt: null });
  }

  async findActive(clientId: string): Promise<{ account: ClientAccount; secretHash: string } | null> {
    const row = await this.dataSource
      .getRepository(ClientAccountOrmEntity)
      .createQueryBuilder('a')
      .where('a.client_id = :clientId AND a.revoked_at IS NULL', { clientId })
      .getOne();
    return row ? { account: toAccount(row), secretHash: row.secretHash } : null;
  }

  async list(): Promise<ClientAccount[]> {
    const rows = await this.dataSource.getRepository(ClientAccountOrmEntity).find({ order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toAccount);
  }

  async revoke(clientId: string, at: Date): Promise<boolean> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(ClientAccountOrmEntity)
      .set({ revokedAt: at })
      .where('client_id = :clientId AND revoked_at IS NULL', { clientId })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
