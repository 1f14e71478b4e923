import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Email } from '@teaminbox/contracts';
import { DomainError, EventSourcedRepository } from '../../../../platform/event-sourcing';
import { EMAIL_NOT_FOUND_MESSAGE, emailDecider, emailStreamId } from '../../domain/email.decider';
import { INBOX_EMAIL_PROJECTION } from '../../projections/inbox-email/inbox-email.projection';
import { InboxEmailQueries } from '../../queries/inbox-email.queries';
import { WakeDueEmailCommand, WakeEmailCommand } from './wake-email.command';

/** "Wake up now": EmailWoken (reason manual); the email is back in the inbox as it was read or unread. */
@CommandHandler(WakeEmailCommand)
export class WakeEmailHandler implements ICommandHandler<WakeEmailCommand, Email> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly inbox: InboxEmailQueries,
  ) {}

  async execute({ caller, emailId }: WakeEmailCommand): Promise<Email> {
    await this.repository.decide(
      emailStreamId(emailId),
      emailDecider,
      { type: 'Wake', reason: 'manual', teamId: caller.teamId, at: new Date().toISOString() },
      { waitFor: [INBOX_EMAIL_PROJECTION] },
    );
    const email = await this.inbox.email(caller.teamId, emailId);
    if (!email) throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    return email;
  }
}

/**
 * The wake-up job's work, acted by the system: EmailWoken (reason time, or reminder) when the job's snooze or
 * reminder is still the email's; nothing otherwise. A second run (a retry, another replica) decides nothing more.
 */
@CommandHandler(WakeDueEmailCommand)
export class WakeDueEmailHandler implements ICommandHandler<WakeDueEmailCommand, void> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ job }: WakeDueEmailCommand): Promise<void> {
    const at = new Date().toISOString();
    const { teamId } = job;
    await this.repository.decide(
      emailStreamId(job.emailId),
      emailDecider,
      job.kind === 'snooze'
        ? { type: 'Wake', reason: 'time', snoozeId: job.snoozeId, teamId, at }
        : { type: 'FireReminder', reminderId: job.reminderId, teamId, at },
      // A member working on the email at the same moment: decided again on its new state.
      { retries: 3 },
    );
  }
}
