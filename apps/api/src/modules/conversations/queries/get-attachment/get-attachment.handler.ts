import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { DomainError } from '../../../../platform/event-sourcing';
import { ATTACHMENT_NOT_FOUND_MESSAGE, type AttachmentContent, GetAttachmentQuery } from './get-attachment.query';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Another team's id, like a malformed or unknown one, answers 404 and reveals nothing. */
@QueryHandler(GetAttachmentQuery)
export class GetAttachmentHandler implements IQueryHandler<GetAttachmentQuery, AttachmentContent> {
  constructor(private readonly db: DataSource) {}

  async execute({ teamId, attachmentId }: GetAttachmentQuery): Promise<AttachmentContent> {
    const rows: { id: string; filename: string; content_type: string; content: Buffer }[] = UUID.test(attachmentId)
      ? await this.db.query(
          `SELECT id, filename, content_type, content FROM attachment
            WHERE id = $1 AND ($2::uuid IS NULL OR team_id = $2::uuid)`,
          [attachmentId, teamId],
        )
      : [];
    const row = rows[0];
    if (!row) throw new DomainError('not-found', ATTACHMENT_NOT_FOUND_MESSAGE);
    return { id: row.id, filename: row.filename, contentType: row.content_type, content: row.content };
  }
}
