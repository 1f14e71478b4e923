import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { EmailPresence, Viewer } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { UserDirectory } from '../../identity';

/** How long a join counts without a new one; clients re-join every 30 s while the email is open. */
export const PRESENCE_TTL_MS = 60_000;
const SWEEP_MS = 10_000;

/**
 * Who is viewing (and who is replying to) each email, in the `email_presence` table, so every replica sees the same
 * viewers. Presence is not an event: it is ephemeral, and a lost row costs nothing but a missing avatar until the
 * next heartbeat. A row ends with leave, or PRESENCE_TTL_MS after the last join (a closed tab stops its heartbeats):
 * every replica sweeps expired rows, and the one whose DELETE removed a row reports it. Every change is reported to
 * `onChange` with the email's viewers, so it can be pushed to the team (through the socket adapter, to every
 * replica's sockets).
 */
@Injectable()
export class PresenceRegistry implements OnModuleDestroy {
  private readonly logger = new Logger(PresenceRegistry.name);
  private readonly sweeper: NodeJS.Timeout;
  onChange: (teamId: string, presence: EmailPresence) => void = () => undefined;

  constructor(
    private readonly db: DataSource,
    private readonly directory: UserDirectory,
  ) {
    this.sweeper = setInterval(
      () => void this.sweep().catch((error: unknown) => this.logger.warn(`Presence sweep failed: ${String(error)}`)),
      SWEEP_MS,
    );
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  async join(teamId: string, emailId: string, userId: string): Promise<EmailPresence> {
    const rows: { inserted: boolean }[] = await this.db.query(
      `INSERT INTO email_presence (email_id, user_id, team_id, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4))
       ON CONFLICT (email_id, user_id) DO UPDATE SET expires_at = EXCLUDED.expires_at
       RETURNING (xmax = 0) AS inserted`,
      [emailId, userId, teamId, PRESENCE_TTL_MS / 1000],
    );
    return this.changed(teamId, emailId, rows[0]?.inserted ?? false);
  }

  async leave(teamId: string, emailId: string, userId: string): Promise<EmailPresence> {
    const removed = await this.deleted<{ email_id: string }>(
      'DELETE FROM email_presence WHERE email_id = $1 AND user_id = $2 AND team_id = $3 RETURNING email_id',
      [emailId, userId, teamId],
    );
    return this.changed(teamId, emailId, removed.length > 0);
  }

  /** The user left every email (their last socket closed, on whichever replica). */
  async leaveAll(userId: string): Promise<void> {
    const removed = await this.deleted<{ email_id: string; team_id: string }>(
      'DELETE FROM email_presence WHERE user_id = $1 RETURNING email_id, team_id',
      [userId],
    );
    for (const row of removed) await this.changed(row.team_id, row.email_id, true);
  }

  async replying(teamId: string, emailId: string, userId: string, replying: boolean): Promise<EmailPresence> {
    const rows: { changed: boolean }[] = await this.db.query(
      `WITH previous AS (SELECT replying FROM email_presence WHERE email_id = $1 AND user_id = $2)
       INSERT INTO email_presence (email_id, user_id, team_id, replying, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))
       ON CONFLICT (email_id, user_id) DO UPDATE SET replying = $4, expires_at = EXCLUDED.expires_at
       RETURNING (SELECT coalesce(bool_or(replying <> $4), true) FROM previous) AS changed`,
      [emailId, userId, teamId, replying, PRESENCE_TTL_MS / 1000],
    );
    return this.changed(teamId, emailId, rows[0]?.changed ?? false);
  }

  async presence(teamId: string, emailId: string): Promise<EmailPresence> {
    const rows: { user_id: string; replying: boolean }[] = await this.db.query(
      `SELECT user_id, replying FROM email_presence
       WHERE email_id = $1 AND team_id = $2 AND expires_at > now() ORDER BY joined_at, user_id`,
      [emailId, teamId],
    );
    const members = rows.length > 0 ? await this.directory.membersOf(teamId) : [];
    const byId = new Map(members.map((member) => [member.id, member]));
    const viewers: Viewer[] = rows.map((row) => ({
      userId: row.user_id,
      name: byId.get(row.user_id)?.name || null,
      email: byId.get(row.user_id)?.email ?? '',
      replying: row.replying,
    }));
    return { emailId, userIds: viewers.map((viewer) => viewer.userId), viewers };
  }

  /** Drops the rows expired at `now` (default: the database's clock); returns how many this replica removed. */
  async sweep(now?: number): Promise<number> {
    const removed = await this.deleted<{ email_id: string; team_id: string }>(
      `DELETE FROM email_presence WHERE expires_at <= coalesce(to_timestamp($1::double precision / 1000), now())
       RETURNING email_id, team_id`,
      [now ?? null],
    );
    const emails = new Map(removed.map((row) => [row.email_id, row.team_id]));
    for (const [emailId, teamId] of emails) await this.changed(teamId, emailId, true);
    return removed.length;
  }

  /** The rows a DELETE … RETURNING removed (TypeORM answers a DELETE with [rows, count]). */
  private async deleted<T>(sql: string, parameters: unknown[]): Promise<T[]> {
    const [rows] = (await this.db.query(sql, parameters)) as [T[], number];
    return rows;
  }

  private async changed(teamId: string, emailId: string, notify: boolean): Promise<EmailPresence> {
    const presence = await this.presence(teamId, emailId);
    if (notify) this.onChange(teamId, presence);
    return presence;
  }
}
