import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { QuarantinedMessage, SuccessMessageResponse } from '@teaminbox/contracts';
import type { Response } from 'express';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { MailQuarantine } from '../ingestion/mail-quarantine';
import { MailboxTeam } from '../mailbox-team';

/** The team's quarantined messages: list, raw source, retry (ADMIN and MAINTAINER; a MEMBER gets 403). */
@Controller('email-server-config/quarantine')
export class MailQuarantineController {
  constructor(
    private readonly team: MailboxTeam,
    private readonly quarantine: MailQuarantine,
  ) {}

  @Get()
  async list(@CurrentUser() user: AuthenticatedUser): Promise<QuarantinedMessage[]> {
    return this.quarantine.list(await this.team.managedBy(user.id));
  }

  /** The message as received (message/rfc822), always as a download. */
  @Get(':id/raw')
  async raw(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Res() res: Response): Promise<void> {
    const { uid, source } = await this.quarantine.rawSource(await this.team.managedBy(user.id), id);
    sendRaw(res, `message-${uid}.eml`, source);
  }

  @Post(':id/retry')
  @HttpCode(200)
  async retry(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<SuccessMessageResponse> {
    return this.quarantine.retry(await this.team.managedBy(user.id), id);
  }
}

/** A raw message as a download that no browser renders or sniffs. */
export function sendRaw(res: Response, filename: string, source: Buffer): void {
  res
    .status(200)
    .setHeader('Content-Type', 'message/rfc822')
    .setHeader('Content-Length', String(source.length))
    .setHeader('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .setHeader('X-Content-Type-Options', 'nosniff')
    .setHeader('Content-Security-Policy', "default-src 'none'; sandbox")
    .setHeader('Cache-Control', 'private, no-store')
    .end(source);
}
