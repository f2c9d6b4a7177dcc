import { type ClientAccount, ClientAccountRepository, type NewClientAccount, REVOCATION_CHANNEL, type StoredCredential, UNKNOWN_CLIENT_HASH } from '@mwr/domain';
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

  /**
   * The same work whatever the id. A lookup by equality reads the table's row only when the id
   * exists, known or revoked, and that made an unknown id answer 2–3 µs sooner (docs/adr/0004). So
   * the statement reads the row of the greatest client id not above the one given (its own, or its
   * neighbour's) and tells in the select list whether it is this id and active; the neighbour's
   * columns are replaced there, never sent. No entity is hydrated: hydrating a found row was what
   * made a known id about 60 µs slower than an unknown one. Only an id below every client id finds
   * no row.
   */
  async credentialOf(clientId: string): Promise<StoredCredential> {
    const [row] = await this.dataSource.query(
      `SELECT a.client_id = $1 AND a.revoked_at IS NULL AS found,
              CASE WHEN a.client_id = $1 AND a.revoked_at IS NULL THEN a.id ELSE '00000000-0000-0000-0000-000000000000'::uuid END AS account_id,
              CASE WHEN a.client_id = $1 AND a.revoked_at IS NULL THEN a.secret_hash ELSE $2 END AS secret_hash
         FROM client_accounts a
        WHERE a.client_id <= $1
        ORDER BY a.client_id DESC
        LIMIT 1`,
      [clientId, UNKNOWN_CLIENT_HASH],
    );
    return row?.found ? { accountId: row.account_id, secretHash: row.secret_hash } : { accountId: null, secretHash: UNKNOWN_CLIENT_HASH };
  }

  async list(): Promise<ClientAccount[]> {
    const rows = await this.dataSource.getRepository(ClientAccountOrmEntity).find({ order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toAccount);
  }

  /**
   * One statement, so one transaction: the NOTIFY that tells every instance to forget the
   * credential is sent when, and only if, the revocation commits (docs/adr/0017).
   */
  async revoke(clientId: string, at: Date): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `WITH revoked AS (
         UPDATE client_accounts SET revoked_at = $2 WHERE client_id = $1 AND revoked_at IS NULL RETURNING client_id
       )
       SELECT pg_notify('${REVOCATION_CHANNEL}', client_id) FROM revoked`,
      [clientId, at],
    );
    return rows.length > 0;
  }
}
