import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { type EmailPresence, ZReplyingRequest } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway';
import { UserDirectory } from '../../identity/user-directory';
import { DomainError } from '../../shared/domain-error';
import { EMAIL_NOT_FOUND_MESSAGE } from '../domain/email.decider';
import { PresenceRegistry } from './presence.registry';

const UUID = z.uuid();

/** POST /emails/{id}/presence/join, /leave and /replying; every change goes to the team as 'email.presence'. */
@Controller('emails')
export class PresenceController {
  constructor(
    private readonly registry: PresenceRegistry,
    private readonly directory: UserDirectory,
    private readonly db: DataSource,
    gateway: RealtimeGateway,
  ) {
    registry.onChange = (teamId, presence) => gateway.toTeam(teamId).emit('email.presence', presence);
  }

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
    const teamId = await this.directory.teamOf(user.id);
    const found =
      teamId && UUID.safeParse(emailId).success
        ? await this.db.query('SELECT 1 FROM inbox_email WHERE id = $1 AND team_id = $2', [emailId, teamId])
        : [];
    if (!teamId || found.length === 0) throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    const me = (await this.directory.membersOf(teamId)).find((member) => member.id === user.id);
    return { teamId, viewer: { userId: user.id, name: me?.name || null, email: me?.email ?? '' } };
  }
}
