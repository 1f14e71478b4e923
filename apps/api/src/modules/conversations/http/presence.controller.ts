import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { type EmailPresence as Presence, ZReplyingRequest } from '@teaminbox/contracts';
import { TeamCaller } from '../../../platform/auth';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { EmailPresence } from '../infrastructure/email-presence';
import { EMAIL_TEAM, emailId } from './email-team';

/** POST /emails/{id}/presence/join, /leave and /replying; every change goes to the team as 'email.presence'. */
@Controller('emails')
export class PresenceController {
  constructor(private readonly presence: EmailPresence) {}

  @Post(':id/presence/join')
  @HttpCode(200)
  join(@TeamCaller(EMAIL_TEAM) caller: TeamCaller, @Param('id') id: string): Promise<Presence> {
    return this.presence.join(caller, emailId(id));
  }

  @Post(':id/presence/leave')
  @HttpCode(200)
  leave(@TeamCaller(EMAIL_TEAM) caller: TeamCaller, @Param('id') id: string): Promise<Presence> {
    return this.presence.leave(caller, emailId(id));
  }

  @Post(':id/presence/replying')
  @HttpCode(200)
  replying(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZReplyingRequest)) body: { replying: boolean },
  ): Promise<Presence> {
    return this.presence.replying(caller, emailId(id), body.replying);
  }
}
