import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * The accounts' password hashes (argon2id), in `user_credential`, apart from the event log: the log records only
 * that a password was set, changed, cleared or rehashed. Written by the commands before they append their event, so
 * the event never announces a password that is not there. An account without a row has no password.
 */
@Injectable()
export class Credentials {
  constructor(private readonly dataSource: DataSource) {}

  async hashOf(userId: string): Promise<string | null> {
    const rows = (await this.dataSource.query('SELECT password_hash FROM user_credential WHERE user_id = $1', [
      userId,
    ])) as { password_hash: string }[];
    return rows[0]?.password_hash ?? null;
  }

  async set(userId: string, passwordHash: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO user_credential (user_id, password_hash, changed_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, changed_at = EXCLUDED.changed_at`,
      [userId, passwordHash],
    );
  }

  async clear(userId: string): Promise<void> {
    await this.dataSource.query('DELETE FROM user_credential WHERE user_id = $1', [userId]);
  }
}
