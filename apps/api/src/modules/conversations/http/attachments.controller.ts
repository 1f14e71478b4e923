import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Public, TeamCaller } from '../../../platform/auth';
import { DomainError } from '../../../platform/event-sourcing';
import { contentDisposition, downloadContentType, inlineImageContentType } from '../domain/attachment-headers';
import { INLINE_URL_TTL_SECONDS, InlineUrlSigner } from '../domain/inline-url-signer';
import {
  ATTACHMENT_NOT_FOUND_MESSAGE,
  type AttachmentContent,
  GetAttachmentQuery,
} from '../queries/get-attachment/get-attachment.query';

const ATTACHMENT_TEAM = { noTeam: { kind: 'not-found', message: ATTACHMENT_NOT_FOUND_MESSAGE } } as const;

export const INVALID_INLINE_URL_MESSAGE = 'This link is invalid or has expired.';

/**
 * GET /attachments/{id}: the bytes as a download (bearer, caller's team only).
 * GET /attachments/{id}/inline?exp&sig: an inline image for the sandboxed email frame (signed URL, no bearer).
 */
@Controller('attachments')
export class AttachmentsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly signer: InlineUrlSigner,
  ) {}

  @Get(':id')
  async download(@TeamCaller(ATTACHMENT_TEAM) caller: TeamCaller, @Param('id') id: string, @Res() res: Response) {
    const attachment: AttachmentContent = await this.queries.execute(new GetAttachmentQuery(caller.teamId, id));
    res
      .status(200)
      .setHeader('Content-Type', downloadContentType(attachment.contentType))
      .setHeader('Content-Length', String(attachment.content.length))
      .setHeader('Content-Disposition', contentDisposition('attachment', attachment.filename))
      .setHeader('X-Content-Type-Options', 'nosniff')
      .setHeader('Content-Security-Policy', "default-src 'none'; sandbox")
      .setHeader('Cache-Control', 'private, no-store')
      .end(attachment.content);
  }

  @Public()
  @Get(':id/inline')
  async inline(@Param('id') id: string, @Query('exp') exp: unknown, @Query('sig') sig: unknown, @Res() res: Response) {
    if (!this.signer.verify(id, exp, sig)) throw new DomainError('forbidden', INVALID_INLINE_URL_MESSAGE);
    const attachment: AttachmentContent = await this.queries.execute(new GetAttachmentQuery(null, id));
    const contentType = inlineImageContentType(attachment.contentType);
    if (!contentType) throw new DomainError('not-found', ATTACHMENT_NOT_FOUND_MESSAGE);
    res
      .status(200)
      .setHeader('Content-Type', contentType)
      .setHeader('Content-Length', String(attachment.content.length))
      .setHeader('Content-Disposition', contentDisposition('inline', attachment.filename))
      .setHeader('X-Content-Type-Options', 'nosniff')
      .setHeader('Content-Security-Policy', "default-src 'none'")
      // Shown by the sandboxed email frame, whose origin is opaque: every other response is same-origin only.
      .setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
      .setHeader('Cache-Control', `private, max-age=${INLINE_URL_TTL_SECONDS}`)
      .end(attachment.content);
  }
}
