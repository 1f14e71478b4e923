import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserDirectory } from '../../identity';
import { DomainError } from '../../../platform/event-sourcing';

export const ATTACHMENT_NOT_FOUND_MESSAGE = 'Attachment not found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AttachmentContent {
  id: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Reads stored attachment bytes (table `attachment`, filled by mail ingestion). */
@Injectable()
export class AttachmentContents {
  constructor(
    private readonly db: DataSource,
    private readonly directory: UserDirectory,
  ) {}

  /** The attachment when it belongs to the user's team; 404 otherwise (another team's id reveals nothing). */
  async ofUser(userId: string, attachmentId: string): Promise<AttachmentContent> {
    const teamId = await this.directory.teamOf(userId);
    const found = teamId ? await this.find(attachmentId, teamId) : null;
    if (!found) throw new DomainError('not-found', ATTACHMENT_NOT_FOUND_MESSAGE);
    return found;
  }

  /** The attachment of a signed inline URL (the signature names the id, so no team check is needed). */
  async ofSignedUrl(attachmentId: string): Promise<AttachmentContent> {
    const found = await this.find(attachmentId, null);
    if (!found) throw new DomainError('not-found', ATTACHMENT_NOT_FOUND_MESSAGE);
    return found;
  }

  private async find(attachmentId: string, teamId: string | null): Promise<AttachmentContent | null> {
    if (!UUID.test(attachmentId)) return null;
    const rows: { id: string; filename: string; content_type: string; content: Buffer }[] = await this.db.query(
      `SELECT id, filename, content_type, content FROM attachment
        WHERE id = $1 AND ($2::uuid IS NULL OR team_id = $2::uuid)`,
      [attachmentId, teamId],
    );
    const row = rows[0];
    return row ? { id: row.id, filename: row.filename, contentType: row.content_type, content: row.content } : null;
  }
}
