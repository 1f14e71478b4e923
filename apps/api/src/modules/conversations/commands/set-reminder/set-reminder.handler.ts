import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { v5 as uuidv5 } from 'uuid';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { emailDecider, emailStreamId } from '../../domain/email.decider';
import { SetReminderCommand } from './set-reminder.command';

/** Namespace of reminder ids (uuid v5 of the reply's id). */
const REMINDER_NAMESPACE = '5e0c7a91-2b4d-4f3e-a8c6-1d9b7e2f4a60';

export const reminderIdOf = (replyId: string) => uuidv5(replyId, REMINDER_NAMESPACE);

/** Appends ReminderSet on the email's stream; ScheduleWakeUpsReaction turns it into a job due at its time. */
@CommandHandler(SetReminderCommand)
export class SetReminderHandler implements ICommandHandler<SetReminderCommand, void> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ teamId, userId, emailId, replyId, dueAt }: SetReminderCommand): Promise<void> {
    await this.repository.decide(
      emailStreamId(emailId),
      emailDecider,
      {
        type: 'SetReminder',
        teamId,
        userId,
        reminderId: reminderIdOf(replyId),
        replyId,
        dueAt: new Date(dueAt).toISOString(),
        at: new Date().toISOString(),
      },
      { retries: 3 },
    );
  }
}
