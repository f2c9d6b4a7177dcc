import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config';

/**
 * The configured pepper, or for the embedded database a generated one kept beside it under
 * `dataDir`, so that the service and the CLI hash secrets alike across restarts.
 */
export function credentialsPepper(config: AppConfig): string {
  if (config.credentialsPepper !== null) return config.credentialsPepper;
  const file = join(config.dataDir, 'credentials-pepper');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(file, 'utf8').trim();
}
