import { Inject, Injectable } from '@nestjs/common';
import type { QuarantinedMessage, SuccessMessageResponse } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port';
import { INBOX_EMAIL_PROJECTION } from '../../conversations/projections/inbox-email/inbox-email.projection';
import { DomainError } from '../../shared/domain-error';
import { ReadYourWrites } from '../../shared/read-your-writes';
import { uuidOr404 } from '../../shared/uuid-or-404';
import { MailConnections } from '../connection/mail-connections';
import { MAIL_QUARANTINE_PROJECTION } from '../projections/mail-quarantine.projection';
import { SAVE_CONFIG_FIRST_MESSAGE } from '../queries/list-imap-folders/list-imap-folders.handler';
import { MailboxStatusStore } from './mailbox-status.store';
import { MailboxSync } from './mailbox-sync';
import { type FetchedMessage, MessageIngestion } from './message-ingestion';

export const QUARANTINED_NOT_FOUND_MESSAGE = 'This message is not in the quarantine.';
export const NO_SOURCE_MESSAGE = 'The original of this message was not stored (see the reason).';
export const RETRY_IMPORTED_MESSAGE = 'The message was imported into the inbox.';
export const RETRY_DUPLICATE_MESSAGE = 'The message is already in the inbox.';

interface QuarantineRow {
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

/**
 * The messages of a team that could not be imported (read model `mail_quarantine`): listed with the reason, their
 * raw source to download, and a retry that imports the message again from the stored source, or fetches it from
 * the server when none was stored (over the size limit at the time, or the server sent no content).
 */
@Injectable()
export class MailQuarantine {
  constructor(
    private readonly db: DataSource,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly status: MailboxStatusStore,
    private readonly connections: MailConnections,
    private readonly sync: MailboxSync,
    private readonly ingestion: MessageIngestion,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async list(teamId: string): Promise<QuarantinedMessage[]> {
    const rows: QuarantineRow[] = await this.db.query(
      `SELECT email_id, folder, uid::text, uidvalidity::text, reason, size::text, has_source, attempts, quarantined_at
         FROM mail_quarantine WHERE team_id = $1 ORDER BY quarantined_at DESC, email_id LIMIT 500`,
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

  /** The stored raw source of a quarantined message of the team (404 otherwise). */
  async rawSource(teamId: string, id: string): Promise<{ uid: number; source: Buffer }> {
    const row = await this.row(teamId, id);
    const [raw]: { source: Buffer }[] = await this.db.query(
      'SELECT source FROM raw_message WHERE email_id = $1 AND team_id = $2',
      [row.email_id, teamId],
    );
    if (!raw) throw new DomainError('not-found', NO_SOURCE_MESSAGE);
    return { uid: Number(row.uid), source: raw.source };
  }

  async retry(teamId: string, id: string): Promise<SuccessMessageResponse> {
    const row = await this.row(teamId, id);
    const location = {
      teamId,
      folder: row.folder,
      uidValidity: BigInt(row.uidvalidity ?? '0'),
      uid: Number(row.uid),
    };
    const [raw]: { source: Buffer }[] = await this.db.query(
      'SELECT source FROM raw_message WHERE email_id = $1 AND team_id = $2',
      [row.email_id, teamId],
    );
    const message: FetchedMessage = raw
      ? { uid: location.uid, source: raw.source, internalDate: null }
      : await this.fetchAgain(teamId, location);
    const outcome = await this.ingestion.retry(location, message);
    await this.readYourWrites.waitFor(await this.store.headPosition(), [
      MAIL_QUARANTINE_PROJECTION,
      INBOX_EMAIL_PROJECTION,
    ]);
    if (!outcome.imported) return { success: false, message: outcome.reason };
    return { success: true, message: outcome.duplicate ? RETRY_DUPLICATE_MESSAGE : RETRY_IMPORTED_MESSAGE };
  }

  private async fetchAgain(
    teamId: string,
    location: { folder: string; uidValidity: bigint; uid: number },
  ): Promise<FetchedMessage> {
    const settings = await this.status.settingsOf(teamId);
    if (!settings) throw new DomainError('invalid', SAVE_CONFIG_FIRST_MESSAGE);
    const client = await this.connections.connectImap(settings);
    try {
      return await this.sync.fetchOne(client, location.folder, location.uidValidity, location.uid);
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  private async row(teamId: string, id: string): Promise<QuarantineRow> {
    uuidOr404(id, QUARANTINED_NOT_FOUND_MESSAGE);
    const [row]: QuarantineRow[] = await this.db.query(
      `SELECT email_id, folder, uid::text, uidvalidity::text, reason, size::text, has_source, attempts, quarantined_at
         FROM mail_quarantine WHERE email_id = $1 AND team_id = $2`,
      [id, teamId],
    );
    if (!row) throw new DomainError('not-found', QUARANTINED_NOT_FOUND_MESSAGE);
    return row;
  }
}
