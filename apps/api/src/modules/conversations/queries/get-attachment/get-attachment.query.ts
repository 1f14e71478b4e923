import { Query } from '@nestjs/cqrs';

export const ATTACHMENT_NOT_FOUND_MESSAGE = 'Attachment not found';

export interface AttachmentContent {
  id: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * The stored bytes of an attachment (the AttachmentStore, filled by mail ingestion) of the team; teamId null for
 * the attachment of a verified signed inline URL (the signature names the id). 404 otherwise.
 */
export class GetAttachmentQuery extends Query<AttachmentContent> {
  constructor(
    readonly teamId: string | null,
    readonly attachmentId: string,
  ) {
    super();
  }
}
