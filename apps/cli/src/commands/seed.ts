import { NotFoundError } from '@mwr/domain';
import { TypeOrmClientAccountRepository } from '@mwr/persistence';
import { SEED_DEFAULT_MISSIONS, SEED_DEFAULT_SEED, SEED_MAX_MISSIONS, seedClientAccount, type SeedSummary } from '@mwr/seed';
import type { Command } from 'commander';
import { ArgumentError, type Emit, integerOption } from '../arguments';

export type SeedCommand = { group: 'seed'; clientId: string; missions: number; seed: number };

const MAX_SEED = 0xffff_ffff;

function boundedInteger(value: string | undefined, option: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const number = integerOption(value, option);
  if (number < min || number > max) throw new ArgumentError(`--${option} must be an integer from ${min} to ${max}`);
  return number;
}

const SEED_HELP = `
Fills the account with generated, realistic data for every report: demands, missions, participants
in every status, registers, form answers, point-of-sale records, collections and deliveries. The
same S and N give the same names, dates and statuses. Every run ADDS a new batch (its own catalog,
fresh MB/MU keys); nothing is updated or deleted, and no other account is read or written. Written
in chunks of about 1000 missions, one transaction each: an interrupted run keeps the chunks it
committed. Prints counts per table and status.`;

/** `seed` takes no subcommand: its options follow the command name. */
export function defineSeed(program: Command, emit: Emit<SeedCommand>): void {
  program
    .command('seed')
    .description('add generated data for every report listing to one account')
    .requiredOption('--client-id <clientId>', 'the account to fill')
    .option('--missions <N>', `missions to add, 1..${SEED_MAX_MISSIONS} (default ${SEED_DEFAULT_MISSIONS})`)
    .option('--seed <S>', `seed of the generator, 0..${MAX_SEED} (default ${SEED_DEFAULT_SEED})`)
    .addHelpText('after', SEED_HELP)
    .action((options: { clientId: string; missions?: string; seed?: string }) =>
      emit({
        group: 'seed',
        clientId: options.clientId,
        missions: boundedInteger(options.missions, 'missions', SEED_DEFAULT_MISSIONS, 1, SEED_MAX_MISSIONS),
        seed: boundedInteger(options.seed, 'seed', SEED_DEFAULT_SEED, 0, MAX_SEED),
      }),
    );
}

export interface SeedSettings {
  timeZone: string;
  slaToleranceMinutes: number;
  onProgress?(missionsWritten: number, missionsTotal: number): void;
}

export async function runSeed(
  command: SeedCommand,
  dataSource: ConstructorParameters<typeof TypeOrmClientAccountRepository>[0],
  settings: SeedSettings,
): Promise<SeedSummary> {
  const found = await new TypeOrmClientAccountRepository(dataSource).findActive(command.clientId);
  if (!found) throw new NotFoundError('CLIENT_NOT_FOUND', `No active client account with client id ${command.clientId}`);
  return seedClientAccount(dataSource, {
    accountId: found.account.id,
    missions: command.missions,
    seed: command.seed,
    timeZone: settings.timeZone,
    slaToleranceMinutes: settings.slaToleranceMinutes,
    onProgress: settings.onProgress,
  });
}
