import { Injectable } from '@nestjs/common';
import type { MailboxSettings } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import type { MailboxStatusRow } from '../../domain/mailbox-settings';

/** Operational state of team mailboxes (plain tables, not events): config read model, status, per-folder sync state. */
@Injectable()
export class MailboxStatusStore {
  constructor(private readonly db: DataSource) {}

  async settingsOf(teamId: string): Promise<MailboxSettings | null> {
    const rows: { settings: MailboxSettings }[] = await this.db.query(
      'SELECT settings FROM mailbox_config WHERE team_id = $1',
      [teamId],
    );
    return rows[0]?.settings ?? null;
  }

  async activeMailboxes(): Promise<{ teamId: string; settings: MailboxSettings }[]> {
    const rows: { team_id: string; settings: MailboxSettings }[] = await this.db.query(
      'SELECT team_id, settings FROM mailbox_config WHERE is_active',
    );
    return rows.map((row) => ({ teamId: row.team_id, settings: row.settings }));
  }

  async statusOf(teamId: string): Promise<MailboxStatusRow | null> {
    const rows: {
      last_sync_at: Date | null;
      last_error: string | null;
      last_error_at: Date | null;
      sync_total: number | null;
      sync_done: number | null;
    }[] = await this.db.query('SELECT * FROM mailbox_status WHERE team_id = $1', [teamId]);
    const row = rows[0];
    if (!row) return null;
    return {
      lastSyncAt: row.last_sync_at,
      lastError: row.last_error,
      lastErrorAt: row.last_error_at,
      syncProgress: row.sync_total === null ? null : { total: row.sync_total, done: row.sync_done ?? 0 },
    };
  }

  async recordSynced(teamId: string): Promise<void> {
    await this.db.query(
      `INSERT INTO mailbox_status (team_id, last_sync_at) VALUES ($1, now())
       ON CONFLICT (team_id) DO UPDATE SET last_sync_at = now(), last_error = NULL, last_error_at = NULL`,
      [teamId],
    );
  }

  async recordError(teamId: string, message: string): Promise<void> {
    await this.db.query(
      `INSERT INTO mailbox_status (team_id, last_error, last_error_at) VALUES ($1, $2, now())
       ON CONFLICT (team_id) DO UPDATE SET last_error = $2, last_error_at = now(), sync_total = NULL, sync_done = NULL`,
      [teamId, message],
    );
  }

  /** Progress of a sync in flight; null clears it. */
  async recordProgress(teamId: string, progress: { total: number; done: number } | null): Promise<void> {
    await this.db.query(
      `INSERT INTO mailbox_status (team_id, sync_total, sync_done) VALUES ($1, $2, $3)
       ON CONFLICT (team_id) DO UPDATE SET sync_total = $2, sync_done = $3`,
      [teamId, progress?.total ?? null, progress?.done ?? null],
    );
  }

  async folderState(
    teamId: string,
    folder: string,
  ): Promise<{ uidValidity: bigint; lastUid: number; firstSyncUntil: number } | null> {
    const rows: { uidvalidity: string; last_uid: string; first_sync_until_uid: string | null }[] = await this.db.query(
      'SELECT uidvalidity, last_uid, first_sync_until_uid FROM mailbox_folder_state WHERE team_id = $1 AND folder = $2',
      [teamId, folder],
    );
    const row = rows[0];
    return row
      ? {
          uidValidity: BigInt(row.uidvalidity),
          lastUid: Number(row.last_uid),
          firstSyncUntil: Number(row.first_sync_until_uid ?? 0),
        }
      : null;
  }

  /**
   * A folder read from the start (first sync, or a new UIDVALIDITY): no message stored yet, and the highest UID it
   * holds now, up to which its mail counts as old mail of the first synchronisation.
   */
  async startFolder(teamId: string, folder: string, uidValidity: bigint, firstSyncUntil: number): Promise<void> {
    await this.db.query(
      `INSERT INTO mailbox_folder_state (team_id, folder, uidvalidity, last_uid, first_sync_until_uid)
       VALUES ($1, $2, $3, 0, $4)
       ON CONFLICT (team_id, folder) DO UPDATE SET uidvalidity = $3, last_uid = 0, first_sync_until_uid = $4`,
      [teamId, folder, uidValidity.toString(), firstSyncUntil],
    );
  }

  /** After a batch is stored: the folder's last UID and the sync's progress, in one statement. */
  async saveFolderProgress(
    teamId: string,
    folder: string,
    uidValidity: bigint,
    lastUid: number,
    progress: { total: number; done: number },
  ): Promise<void> {
    await this.db.query(
      `WITH folder_state AS (
         INSERT INTO mailbox_folder_state (team_id, folder, uidvalidity, last_uid) VALUES ($1, $2, $3, $4)
         ON CONFLICT (team_id, folder) DO UPDATE SET uidvalidity = $3, last_uid = $4
       )
       INSERT INTO mailbox_status (team_id, sync_total, sync_done) VALUES ($1, $5, $6)
       ON CONFLICT (team_id) DO UPDATE SET sync_total = $5, sync_done = $6`,
      [teamId, folder, uidValidity.toString(), lastUid, progress.total, progress.done],
    );
  }
}
