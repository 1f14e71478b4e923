import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SuccessMessageResponse } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { comparePositions, type Position } from '../../../../platform/event-store/event-store.port';
import { UserDirectory } from '../../../identity';
import {
  DomainError,
  newCorrelationId,
  EventSourcedRepository,
  ReadYourWrites,
} from '../../../../platform/event-sourcing';
import { emailDecider, emailStreamId } from '../../domain/email.decider';
import { INBOX_EMAIL_PROJECTION } from '../../projections/inbox-email/inbox-email.projection';
import { CreateSampleEmailsCommand } from './create-sample-emails.command';
import { sampleEmails } from './sample-emails';

export const TEAM_REQUIRED_MESSAGE = 'Create a team first: sample emails go to your team inbox.';

@CommandHandler(CreateSampleEmailsCommand)
export class CreateSampleEmailsHandler implements ICommandHandler<CreateSampleEmailsCommand, SuccessMessageResponse> {
  constructor(
    private readonly directory: UserDirectory,
    private readonly repository: EventSourcedRepository,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async execute({ userId }: CreateSampleEmailsCommand): Promise<SuccessMessageResponse> {
    const membership = await this.directory.membershipOf(userId);
    if (!membership) throw new DomainError('conflict', TEAM_REQUIRED_MESSAGE);
    const context = { actorUserId: userId, teamId: membership.teamId, correlationId: newCorrelationId() };
    const emails = sampleEmails(membership.teamId, 'support@teaminbox.local', new Date(), uuidv7);

    let last: Position | null = null;
    for (const email of emails) {
      const appended = await this.repository.decide(
        emailStreamId(email.emailId),
        emailDecider,
        { type: 'ReceiveEmail', data: email },
        context,
      );
      if (appended && (!last || comparePositions(appended.position, last) > 0)) last = appended.position;
    }
    await this.readYourWrites.waitFor(last, [INBOX_EMAIL_PROJECTION]);
    return { success: true, message: `Created ${emails.length} sample emails` };
  }
}
