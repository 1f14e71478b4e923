import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateVAPIDKeys } from 'web-push';
import type { AppConfig, VapidConfig } from './app-config';

export const VAPID_KEYS_FILE = 'vapid-keys.json';

/** The mailto: subject from MAIL_FROM's address ('Team Inbox <no-reply@x>' gives 'mailto:no-reply@x'). */
export function vapidSubjectFrom(mailFrom: string): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/**
 * Reads the VAPID key pair kept in a file, creating it (mode 0600) when absent, so that browser subscriptions stay
 * valid across restarts: a push service refuses pushes signed with another key than the subscription's.
 */
export function readOrCreateVapidKeys(path: string): { publicKey: string; privateKey: string } {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(path, JSON.stringify(generateVAPIDKeys()) + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  const keys = JSON.parse(readFileSync(path, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') {
    throw new Error(`The VAPID keys in ${path} are unreadable; delete the file to generate new ones`);
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/** The configured VAPID keys, else the pair kept in DATA_DIR. */
export function vapidKeysOf(config: AppConfig): VapidConfig {
  if (config.vapid) return config.vapid;
  return {
    ...readOrCreateVapidKeys(join(config.dataDir, VAPID_KEYS_FILE)),
    subject: vapidSubjectFrom(config.mailFrom),
  };
}
