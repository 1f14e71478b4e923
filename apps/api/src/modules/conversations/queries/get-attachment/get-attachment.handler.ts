import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../platform/event-sourcing';
import { AttachmentStore } from '../../infrastructure/attachment-store';
import { ATTACHMENT_NOT_FOUND_MESSAGE, type AttachmentContent, GetAttachmentQuery } from './get-attachment.query';

/** Another team's id, like a malformed or unknown one, answers 404 and reveals nothing. */
@QueryHandler(GetAttachmentQuery)
export class GetAttachmentHandler implements IQueryHandler<GetAttachmentQuery, AttachmentContent> {
  constructor(private readonly attachments: AttachmentStore) {}

  async execute({ teamId, attachmentId }: GetAttachmentQuery): Promise<AttachmentContent> {
    const attachment = await this.attachments.contentOf(teamId, attachmentId);
    if (!attachment) throw new DomainError('not-found', ATTACHMENT_NOT_FOUND_MESSAGE);
    return attachment;
  }
}
