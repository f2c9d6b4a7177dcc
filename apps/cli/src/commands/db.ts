import { migrate, rebuildListings } from '@mwr/persistence';
import { parseCommand, UsageError } from '../arguments';

export type DbCommand = { group: 'db'; verb: 'migrate' | 'rebuild-listings' };

export function parseDb(verb: string, args: readonly string[]): DbCommand {
  if (verb !== 'migrate' && verb !== 'rebuild-listings') throw new UsageError(`unknown command "db ${verb}"`);
  parseCommand(args, { name: `db ${verb}` });
  return { group: 'db', verb };
}

export async function runDb(command: DbCommand, dataSource: Parameters<typeof migrate>[0]): Promise<unknown> {
  if (command.verb === 'migrate') return { applied: await migrate(dataSource) };
  const started = performance.now();
  await dataSource.transaction((manager) => rebuildListings(manager));
  return { rebuilt: ['workforce_rows', 'workforce_search', 'register_rows', 'pdv_rows', 'listing_counts'], seconds: Math.round(performance.now() - started) / 1000 };
}
