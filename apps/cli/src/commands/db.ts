import { migrate, rebuildListings } from '@mwr/persistence';
import type { Command } from 'commander';
import type { Emit } from '../arguments';

export type DbCommand = { group: 'db'; verb: 'migrate' | 'rebuild-listings' };

export function defineDb(program: Command, emit: Emit<DbCommand>): void {
  const db = program.command('db').description('the database: migrate, rebuild-listings');
  db.command('migrate')
    .description('apply the pending migrations')
    .action(() => emit({ group: 'db', verb: 'migrate' }));
  db.command('rebuild-listings')
    .description('rebuild the listing rows and count aggregates from the data (a repair)')
    .action(() => emit({ group: 'db', verb: 'rebuild-listings' }));
}

export async function runDb(command: DbCommand, dataSource: Parameters<typeof migrate>[0]): Promise<unknown> {
  if (command.verb === 'migrate') return { applied: await migrate(dataSource) };
  const started = performance.now();
  await dataSource.transaction((manager) => rebuildListings(manager));
  return { rebuilt: ['workforce_rows', 'workforce_search', 'register_rows', 'pdv_rows', 'listing_counts'], seconds: Math.round(performance.now() - started) / 1000 };
}
