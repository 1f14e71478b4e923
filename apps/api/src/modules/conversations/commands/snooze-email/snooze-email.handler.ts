import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Email } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { DomainError, EventSourcedRepository } from '../../../../platform/event-sourcing';
import { EMAIL_NOT_FOUND_MESSAGE, emailDecider, emailStreamId } from '../../domain/email.decider';
import { INBOX_EMAIL_PROJECTION } from '../../projections/inbox-email/inbox-email.projection';
import { InboxEmailQueries } from '../../queries/inbox-email.queries';
import { SnoozeEmailCommand } from './snooze-email.command';

/**
 * Appends EmailSnoozed with a new snooze id (a later snooze replaces the earlier one, whose wake-up job then does
 * nothing); the wake-up job is scheduled by ScheduleWakeUpsReaction. Answers the email once the inbox has it.
 */
@CommandHandler(SnoozeEmailCommand)
export class SnoozeEmailHandler implements ICommandHandler<SnoozeEmailCommand, Email> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly inbox: InboxEmailQueries,
  ) {}

  async execute({ caller, emailId, until }: SnoozeEmailCommand): Promise<Email> {
    await this.repository.decide(
      emailStreamId(emailId),
      emailDecider,
      {
        type: 'Snooze',
        teamId: caller.teamId,
        userId: caller.userId,
        snoozeId: uuidv7(),
        until: new Date(until).toISOString(),
        at: new Date().toISOString(),
      },
      { waitFor: [INBOX_EMAIL_PROJECTION] },
    );
    const email = await this.inbox.email(caller.teamId, emailId);
    if (!email) throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    return email;
  }
}
