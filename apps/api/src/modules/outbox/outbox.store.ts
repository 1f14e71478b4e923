import { Injectable } from '@nestjs/common';
import type { MailboxSettings, ReplyAttachmentMeta } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';

export interface StoredReplyAttachment extends ReplyAttachmentMeta {
  content: Buffer;
}

/** SQL of the outbox: queued attachments' contents and the team's mailbox configuration (read model). */
@Injectable()
export class OutboxStore {
  constructor(private readonly db: DataSource) {}

  async settingsOf(teamId: string): Promise<MailboxSettings | null> {
    const rows: { settings: MailboxSettings }[] = await this.db.query(
      'SELECT settings FROM mailbox_config WHERE team_id = $1',
      [teamId],
    );
    return rows[0]?.settings ?? null;
  }

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
}
