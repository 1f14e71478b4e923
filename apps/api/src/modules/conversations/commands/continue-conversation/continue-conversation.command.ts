import { Command } from '@nestjs/cqrs';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';

/**
 * A received email continues its conversation (the thread of `email_thread`): it takes the conversation's assignee,
 * labels and priority, and the conversation's resolved, closed or archived emails open again. `cause` is the email's
 * EmailReceived: the events are caused by it, and their ids derive from it, so handling it twice appends nothing more.
 */
export class ContinueConversationCommand extends Command<void> {
  constructor(readonly cause: StoredEvent) {
    super();
  }
}
