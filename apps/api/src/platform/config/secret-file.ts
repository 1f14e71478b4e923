import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const SECRET_BYTES = 64;

/**
 * Reads a secret kept in a file, creating it with 64 random bytes (hex) and mode 0600 when absent,
 * so that a restart reuses the same value.
 */
export function readOrCreateSecretFile(path: string): string {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(path, randomBytes(SECRET_BYTES).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  const secret = readFileSync(path, 'utf8').trim();
  if (secret.length < 32)
    throw new Error(`The secret in ${path} is shorter than 32 characters; delete the file to regenerate it`);
  return secret;
}
