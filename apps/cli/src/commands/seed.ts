import { NotFoundError } from '@mwr/domain';
import { TypeOrmClientAccountRepository } from '@mwr/persistence';
import { SEED_DEFAULT_MISSIONS, SEED_DEFAULT_SEED, SEED_MAX_MISSIONS, seedClientAccount, type SeedSummary } from '@mwr/seed';
import { ArgumentError, integerOption, parseCommand } from '../arguments';

export type SeedCommand = { group: 'seed'; clientId: string; missions: number; seed: number };

const MAX_SEED = 0xffff_ffff;

function boundedInteger(value: string | undefined, option: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const number = integerOption(value, option);
  if (number < min || number > max) throw new ArgumentError(`--${option} must be an integer from ${min} to ${max}`);
  return number;
}

/** `seed` takes no subcommand: its arguments start right after the command name. */
export function parseSeed(args: readonly string[]): SeedCommand {
  const parsed = parseCommand(args, { name: 'seed', strings: ['client-id', 'missions', 'seed'] });
  return {
    group: 'seed',
    clientId: parsed.required('client-id'),
    missions: boundedInteger(parsed.option('missions'), 'missions', SEED_DEFAULT_MISSIONS, 1, SEED_MAX_MISSIONS),
    seed: boundedInteger(parsed.option('seed'), 'seed', SEED_DEFAULT_SEED, 0, MAX_SEED),
  };
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
