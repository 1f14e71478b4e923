import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { type EmailPresence, ZReplyingRequest } from '@teaminbox/contracts';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { UserDirectory } from '../../identity';
import { EmailAccess } from '../email-access';
import { PresenceRegistry } from './presence.registry';

/** POST /emails/{id}/presence/join, /leave and /replying; every change goes to the team as 'email.presence'. */
@Controller('emails')
export class PresenceController {
  constructor(
    private readonly registry: PresenceRegistry,
    private readonly directory: UserDirectory,
    private readonly access: EmailAccess,
  ) {}

  @Post(':id/presence/join')
  @HttpCode(200)
  async join(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<EmailPresence> {
    const { teamId, viewer } = await this.context(user, id);
    return this.registry.join(teamId, id, viewer);
  }

  @Post(':id/presence/leave')
  @HttpCode(200)
  async leave(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<EmailPresence> {
    const { teamId } = await this.context(user, id);
    return this.registry.leave(teamId, id, user.id);
  }

  @Post(':id/presence/replying')
  @HttpCode(200)
  async replying(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZReplyingRequest)) body: { replying: boolean },
  ): Promise<EmailPresence> {
    const { teamId, viewer } = await this.context(user, id);
    return this.registry.replying(teamId, id, viewer, body.replying);
  }

  private async context(user: AuthenticatedUser, emailId: string) {
    const teamId = await this.access.teamWithEmail(user.id, emailId);
    const me = (await this.directory.membersOf(teamId)).find((member) => member.id === user.id);
    return { teamId, viewer: { userId: user.id, name: me?.name || null, email: me?.email ?? '' } };
  }
}
