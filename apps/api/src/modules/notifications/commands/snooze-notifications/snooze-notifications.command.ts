import { Command } from '@nestjs/cqrs';
import type { SnoozeMinutes, SnoozeState } from '@teaminbox/contracts';

/** Snoozes the caller's notifications for 15, 60 or 240 minutes (null: ends a snooze). */
export class SnoozeNotificationsCommand extends Command<SnoozeState> {
  constructor(
    readonly userId: string,
    readonly minutes: SnoozeMinutes | null,
  ) {
    super();
  }
}
