import { Injectable } from '@nestjs/common';
import { ERASED_TEXT, type ReplyAttachmentMeta, type ReplyQueued } from '@teaminbox/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port';
import { SEND_EMAIL_QUEUE } from './infrastructure/job-queue';

export interface StoredReplyAttachment extends ReplyAttachmentMeta {
  content: Buffer;
}

/** SQL of the outbox: queued attachments' contents (the team's mailbox settings come from mail's MailboxSettingsReader). */
@Injectable()
export class OutboxStore {
  constructor(private readonly db: DataSource) {}

  async saveAttachments(replyId: string, teamId: string, attachments: StoredReplyAttachment[]): Promise<void> {
    if (attachments.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (const [position, attachment] of attachments.entries()) {
        await tx.query(
          `INSERT INTO outbox_attachment (id, reply_id, team_id, position, filename, content_type, content)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
          [attachment.id, replyId, teamId, position, attachment.fileName, attachment.contentType, attachment.content],
        );
      }
    });
  }

  /** The stored contents of these attachments, by id (a reply's whose send was undone, sent again with its draft). */
  async contentsOf(attachmentIds: readonly string[]): Promise<Map<string, Buffer>> {
    if (attachmentIds.length === 0) return new Map();
    const rows: { id: string; content: Buffer }[] = await this.db.query(
      'SELECT id, content FROM outbox_attachment WHERE id = ANY($1::uuid[])',
      [attachmentIds],
    );
    return new Map(rows.map((row) => [row.id, row.content]));
  }

  /** The email a reply of the team that waited for its send time answers (null: none such). */
  async emailOfReply(replyId: string, teamId: string): Promise<string | null> {
    const [row]: { email_id: string }[] = await this.db.query(
      'SELECT email_id FROM outbox_scheduled_send WHERE reply_id = $1 AND team_id = $2',
      [replyId, teamId],
    );
    return row?.email_id ?? null;
  }

  async attachmentsOf(replyId: string): Promise<StoredReplyAttachment[]> {
    const rows: { id: string; filename: string; content_type: string; content: Buffer }[] = await this.db.query(
      'SELECT id, filename, content_type, content FROM outbox_attachment WHERE reply_id = $1 ORDER BY position',
      [replyId],
    );
    return rows.map((row) => ({
      id: row.id,
      fileName: row.filename,
      contentType: row.content_type,
      size: row.content.length,
      content: row.content,
    }));
  }

  /**
   * The outbox's eraser (PersonalDataRegistry.onErasure): what it keeps beside the events of an erased person. The
   * attachments' content (and file names) of every reply whose first To recipient now reads "[erased]" (the reply
   * was written to that person: its subject, bodies and attachments are theirs) is deleted, so its download answers
   * 404; the send jobs of every reply the erasure touched lose their recorded output (a failure's text is the SMTP
   * server's answer, which may quote a recipient's address), in pg-boss's live and archived jobs.
   */
  async eraseCopiesOf(events: readonly StoredEvent[], tx: EntityManager): Promise<void> {
    const replies = events.filter((event) => event.type === 'ReplyQueued' || event.type === 'ReplyFailed');
    if (replies.length === 0) return;
    const toTheErased = replies
      .filter((event) => event.type === 'ReplyQueued' && (event.data as ReplyQueued).to[0] === ERASED_TEXT)
      .map((event) => (event.data as ReplyQueued).replyId);
    if (toTheErased.length > 0)
      await tx.query('DELETE FROM outbox_attachment WHERE reply_id = ANY($1::uuid[])', [toTheErased]);
    const replyIds = [...new Set(replies.map((event) => (event.data as { replyId: string }).replyId))];
    for (const table of ['pgboss.job', 'pgboss.archive']) {
      if (!(await tableExists(tx, table))) continue;
      await tx.query(
        `UPDATE ${table} SET output = NULL WHERE name = $1 AND data->>'replyId' = ANY($2::text[]) AND output IS NOT NULL`,
        [SEND_EMAIL_QUEUE, replyIds],
      );
    }
  }
}

/** Whether pg-boss created the table yet (an erasure may run before the queue ever started, e.g. in the CLI). */
async function tableExists(tx: EntityManager, table: string): Promise<boolean> {
  const [row]: { found: boolean }[] = await tx.query('SELECT to_regclass($1) IS NOT NULL AS found', [table]);
  return row?.found ?? false;
}
