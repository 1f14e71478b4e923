import { Command } from '@nestjs/cqrs';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';

/**
 * A customer's answer (the EmailReceived of a follow-up) wakes the snoozed emails of its conversation (reason answer)
 * and cancels their pending reminders.
 */
export class WakeConversationCommand extends Command<void> {
  constructor(readonly cause: StoredEvent) {
    super();
  }
}
