import { Command } from '@nestjs/cqrs';
import type { Email } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';
import type { WakeUpJob } from '../../infrastructure/wake-up-queue';

/** A member wakes a snoozed email of their team now (409 when it is not snoozed); answers the email as it is now. */
export class WakeEmailCommand extends Command<Email> {
  constructor(
    readonly caller: TeamCaller,
    readonly emailId: string,
  ) {
    super();
  }
}

/** A wake-up job's time came: the snooze ends, or the reminder fires, unless it ended or was replaced meanwhile. */
export class WakeDueEmailCommand extends Command<void> {
  constructor(readonly job: WakeUpJob) {
    super();
  }
}
