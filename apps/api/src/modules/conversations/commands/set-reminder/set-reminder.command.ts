import { Command } from '@nestjs/cqrs';

/**
 * A reply's "Remind me if no answer by" (`dueAt`, an ISO time in the future): the email's reminder, whose id derives
 * from the reply, so asking again for the same reply sets it once.
 */
export class SetReminderCommand extends Command<void> {
  constructor(
    readonly teamId: string,
    readonly userId: string,
    readonly emailId: string,
    readonly replyId: string,
    readonly dueAt: string,
  ) {
    super();
  }
}
