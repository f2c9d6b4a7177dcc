import { migrate } from '@mwr/persistence';
import { parseCommand, UsageError } from '../arguments';

export type DbCommand = { group: 'db'; verb: 'migrate' };

export function parseDb(verb: string, args: readonly string[]): DbCommand {
  if (verb !== 'migrate') throw new UsageError(`unknown command "db ${verb}"`);
  parseCommand(args, { name: 'db migrate' });
  return { group: 'db', verb };
}

export async function runDb(_command: DbCommand, dataSource: Parameters<typeof migrate>[0]): Promise<unknown> {
  return { applied: await migrate(dataSource) };
}
