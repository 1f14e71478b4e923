import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** How many messages the run's mail sink holds that name this address (a recipient of its own per test). */
export function mailsTo(address: string): number {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the global setup did not start the mail sink');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .filter((name) => readFileSync(join(dir, name), 'utf8').toLowerCase().includes(address.toLowerCase())).length;
}
