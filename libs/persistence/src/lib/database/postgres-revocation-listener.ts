import { REVOCATION_CHANNEL, type RevocationHandlers } from '@mwr/domain';
import { Client } from 'pg';

/**
 * Hears revocations with LISTEN on one connection of its own: the revoke statement NOTIFYs in its
 * own transaction, so the announcement goes out exactly when the revocation commits. A NOTIFY sent
 * while this connection is down is lost, so the handlers hear `lost` at once and `resumed` once
 * LISTEN is in force again; reconnection goes on in the background (docs/adr/0017).
 */
export class PostgresRevocationListener {
  private client: Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private attempt = 0;

  constructor(private readonly url: string) {}

  /** Listens, and keeps doing so after every lost connection; never rejects. */
  start(handlers: RevocationHandlers): void {
    void this.listen(handlers);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(handlers: RevocationHandlers): Promise<void> {
    if (this.closed) return;
    const client = new Client({ connectionString: this.url, application_name: 'mission-workforce-results-revocations', connectionTimeoutMillis: 2000 });
    this.client = client;
    let down = false;
    const lost = () => {
      if (down) return;
      down = true;
      handlers.lost();
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.attempt += 1;
      this.retry = setTimeout(() => void this.listen(handlers), Math.min(this.attempt * 200, 2000));
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', ({ channel, payload }) => {
      if (channel === REVOCATION_CHANNEL && payload) handlers.revoked(payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${REVOCATION_CHANNEL}`);
      if (this.closed) return void (await client.end().catch(() => undefined));
      this.attempt = 0;
      handlers.resumed();
    } catch {
      lost();
    }
  }
}
