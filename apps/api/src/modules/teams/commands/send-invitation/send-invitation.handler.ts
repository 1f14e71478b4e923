import { HttpException, HttpStatus, Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { IDENTITY_MESSAGES, INVITATION_TTL_DAYS, type Team } from '@teaminbox/contracts';
import type { Repository } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { Clock } from '../../../../platform/auth/clock';
import { generateSecretToken } from '../../../../platform/auth/secret-token';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config';
import { MailerService } from '../../../../platform/mail/mailer.service';
import { UserDirectory } from '../../../identity';
import { DomainError, ReadYourWrites } from '../../../../platform/event-sourcing';
import { TEAM_NOT_FOUND_MESSAGE } from '../../domain/team.decider';
import { INVITATIONS_PROJECTION } from '../../projections/invitations/invitations.projection';
import { TeamReadModel } from '../../projections/teams/teams.read-model';
import { GetTeamQuery } from '../../queries/get-team/get-team.query';
import { TeamStream } from '../team-stream';
import { invitationMail } from './invitation.mail';
import { SendInvitationCommand } from './send-invitation.command';

export const INVITATION_MAIL_FAILED_MESSAGE =
  'The invitation was saved, but its email could not be sent. Send the invitation again later.';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Records InvitationSent on the team's stream (a new token each time; an open invitation to the same
 * address is re-issued), then emails the link. The token exists only in this call and in the email.
 * Quotas (decided on the team's sends of the last day): a pause before sending to an address again, and a
 * most per address and per team and day (429). A sender whose own address is not proven gets 403.
 */
@CommandHandler(SendInvitationCommand)
export class SendInvitationHandler implements ICommandHandler<SendInvitationCommand, Team> {
  constructor(
    private readonly teams: TeamStream,
    private readonly directory: UserDirectory,
    private readonly readYourWrites: ReadYourWrites,
    private readonly queries: QueryBus,
    private readonly mailer: MailerService,
    private readonly clock: Clock,
    @InjectRepository(TeamReadModel) private readonly teamRows: Repository<TeamReadModel>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ caller, email, role }: SendInvitationCommand): Promise<Team> {
    const { userId: actorId, teamId } = caller;
    // Only a proven address sends invitations: otherwise anyone could register any address and mail strangers.
    const sender = await this.directory.byId(actorId);
    if (!sender?.emailProven) throw new DomainError('forbidden', IDENTITY_MESSAGES.emailNotProven);
    const invitee = await this.directory.byEmail(email);
    const { token, hash } = generateSecretToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
    const appended = await this.teams.decide(teamId, {
      type: 'SendInvitation',
      data: {
        actorId,
        invitationId: uuidv7(),
        email,
        tokenHash: hash,
        expiresAt,
        inviteeUserId: invitee?.id ?? null,
        role,
        now,
      },
    });
    await this.readYourWrites.waitFor(appended?.position, [INVITATIONS_PROJECTION]);

    const team = await this.teamRows.findOne({ where: { id: teamId } });
    const link = `${this.config.publicUrl}/invitation/${token}`;
    const mail = invitationMail(email.trim().toLowerCase(), link, team?.name ?? 'your team', sender.email);
    if (!(await this.mailer.trySend(mail, 'invitation email'))) {
      throw new HttpException(
        { success: false, message: INVITATION_MAIL_FAILED_MESSAGE, statusCode: HttpStatus.BAD_GATEWAY },
        HttpStatus.BAD_GATEWAY,
      );
    }
    const updated = await this.queries.execute(new GetTeamQuery(teamId));
    if (!updated) throw new DomainError('not-found', TEAM_NOT_FOUND_MESSAGE);
    return updated;
  }
}
