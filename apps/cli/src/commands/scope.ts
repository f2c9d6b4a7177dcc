import type { INestApplicationContext } from '@nestjs/common';
import { ClientAccountRepository, NotFoundError } from '@mwr/domain';

/** The internal id of the active client account a scoped command acts for. */
export async function accountIdOf(app: INestApplicationContext, clientId: string): Promise<string> {
  const found = await app.get(ClientAccountRepository).findActive(clientId);
  if (!found) throw new NotFoundError('CLIENT_NOT_FOUND', `No active client account with client id ${clientId}`);
  return found.account.id;
}
