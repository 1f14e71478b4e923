import type { QuarantinedMessage } from '@teaminbox/contracts';
import type { DataSource } from 'typeorm';
import { DomainError } from '../../../platform/event-sourcing';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';

export const QUARANTINED_NOT_FOUND_MESSAGE = 'This message is not in the quarantine.';

/** A row of the read model `mail_quarantine` (see MailQuarantineProjection). */
export interface QuarantineRow {
  email_id: string;
  folder: string;
  uid: string;
  uidvalidity: string | null;
  reason: string;
  size: string | null;
  has_source: boolean;
  attempts: number;
  quarantined_at: Date;
}

const COLUMNS =
  'email_id, folder, uid::text, uidvalidity::text, reason, size::text, has_source, attempts, quarantined_at';

/** The team's quarantined messages, newest first (at most 500). */
export async function quarantineRowsOf(db: DataSource, teamId: string): Promise<QuarantinedMessage[]> {
  const rows: QuarantineRow[] = await db.query(
    `SELECT ${COLUMNS} FROM mail_quarantine WHERE team_id = $1 ORDER BY quarantined_at DESC, email_id LIMIT 500`,
    [teamId],
  );
  return rows.map((row) => ({
    id: row.email_id,
    folder: row.folder,
    uid: Number(row.uid),
    reason: row.reason,
    size: row.size === null ? null : Number(row.size),
    hasSource: row.has_source,
    quarantinedAt: new Date(row.quarantined_at).toISOString(),
    attempts: row.attempts,
  }));
}

/** One quarantined message of the team; another team's, an unknown or a malformed id: 404. */
export async function quarantineRowOf(db: DataSource, teamId: string, id: string): Promise<QuarantineRow> {
  uuidOr404(id, QUARANTINED_NOT_FOUND_MESSAGE);
  const [row]: QuarantineRow[] = await db.query(
    `SELECT ${COLUMNS} FROM mail_quarantine WHERE email_id = $1 AND team_id = $2`,
    [id, teamId],
  );
  if (!row) throw new DomainError('not-found', QUARANTINED_NOT_FOUND_MESSAGE);
  return row;
}

/** The stored raw source of an email of the team (table raw_message, written by ingestion), or null. */
export async function rawSourceOf(db: DataSource, teamId: string, emailId: string): Promise<Buffer | null> {
  const [raw]: { source: Buffer }[] = await db.query(
    'SELECT source FROM raw_message WHERE email_id = $1 AND team_id = $2',
    [emailId, teamId],
  );
  return raw?.source ?? null;
}
