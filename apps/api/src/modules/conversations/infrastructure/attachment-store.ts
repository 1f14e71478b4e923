import { Injectable } from '@nestjs/common';
import type { EmailReceived } from '@teaminbox/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import { ERASED } from '../../../platform/personal-data';

/** An attachment of a received email as ingestion hands it over (its id is the one `EmailReceived.attachments` lists). */
export interface AttachmentToStore {
  id: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The stored bytes of an attachment. */
export interface StoredAttachment {
  id: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The conversations' store of attachment bytes (table `attachment`). Mail ingestion hands a received email's
 * attachments over in its own transaction, before the email is received (`store`); the downloads read them
 * (`contentOf`); the erasure of a person deletes those of the emails the person sent (`eraseOfErasedSenders`).
 */
@Injectable()
export class AttachmentStore {
  constructor(private readonly db: DataSource) {}

  /** Stores the attachments of one email of the team in the caller's transaction; a known id is left as it is. */
  async store(tx: EntityManager, teamId: string, emailId: string, attachments: readonly AttachmentToStore[]) {
    for (const attachment of attachments) {
      await tx.query(
        `INSERT INTO attachment (id, team_id, email_id, filename, content_type, size, content)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
        [
          attachment.id,
          teamId,
          emailId,
          attachment.filename,
          attachment.contentType,
          attachment.content.length,
          attachment.content,
        ],
      );
    }
  }

  /** The attachment of the team (of any team when `teamId` is null); null when unknown or malformed. */
  async contentOf(teamId: string | null, attachmentId: string): Promise<StoredAttachment | null> {
    if (!UUID.test(attachmentId)) return null;
    const [row]: { id: string; filename: string; content_type: string; content: Buffer }[] = await this.db.query(
      `SELECT id, filename, content_type, content FROM attachment
        WHERE id = $1 AND ($2::uuid IS NULL OR team_id = $2::uuid)`,
      [attachmentId, teamId],
    );
    return row ? { id: row.id, filename: row.filename, contentType: row.content_type, content: row.content } : null;
  }

  /**
   * The personal-data eraser of attachments: the content of the attachments of the emails an erased person sent is
   * deleted (those emails' EmailReceived now has "[erased]" as sender); the download then answers 404. Attachments of
   * emails the person only received or was copied on stay.
   */
  async eraseOfErasedSenders(events: readonly StoredEvent[], tx: EntityManager): Promise<void> {
    const sent = new Map<string, string[]>();
    for (const event of events) {
      if (event.type !== 'EmailReceived') continue;
      const email = event.data as EmailReceived;
      if (email.fromEmail === ERASED) sent.set(email.teamId, [...(sent.get(email.teamId) ?? []), email.emailId]);
    }
    for (const [teamId, emailIds] of sent)
      await tx.query('DELETE FROM attachment WHERE team_id = $1 AND email_id = ANY($2::uuid[])', [teamId, emailIds]);
  }
}
