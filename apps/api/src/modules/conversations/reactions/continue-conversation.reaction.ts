import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EmailReceived } from '@teaminbox/contracts';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Reaction } from '../../../platform/projections/projection';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { ContinueConversationCommand } from '../commands/continue-conversation/continue-conversation.command';
import { WakeConversationCommand } from '../commands/wake-conversation/wake-conversation.command';
import { EMAIL_THREAD_PROJECTION } from '../projections/email-thread/email-thread.projection';
import { INBOX_EMAIL_PROJECTION } from '../projections/inbox-email/inbox-email.projection';

export const CONTINUE_CONVERSATION_REACTION = 'continue-conversation';
/** How long the reaction waits for the thread and inbox read models to hold the new emails before it tries again. */
const WAIT_MS = 10_000;

/**
 * A process manager with its own durable position: each new email that answers a conversation of the team (its
 * thread holds other emails) takes the conversation's assignee, labels and priority, and the conversation's done or
 * archived emails open again (ContinueConversationCommand, whose events' ids derive from the arrival: handled twice,
 * it appends once); its snoozed emails wake and their reminders are cancelled (WakeConversationCommand). Old mail
 * of a mailbox's first synchronisation, auto-replies and bounces are left as they arrived. It starts at the head of
 * the log: mail received before it existed is not touched.
 */
@Injectable()
export class ContinueConversationReaction implements Reaction {
  readonly name = CONTINUE_CONVERSATION_REACTION;
  readonly eventTypes = ['EmailReceived'] as const;
  readonly startAt = 'head' as const;

  constructor(
    private readonly runner: ProjectionRunner,
    private readonly commands: CommandBus,
  ) {}

  async afterCommit(events: StoredEvent[]): Promise<void> {
    const arrivals = events.filter((event) => {
      if (event.type !== 'EmailReceived') return false;
      const email = event.data as EmailReceived;
      return !email.firstSync && !email.isAutoReply && !email.isBounce;
    });
    if (arrivals.length === 0) return;
    const caughtUp = await this.runner.waitFor(
      arrivals[arrivals.length - 1].position,
      [EMAIL_THREAD_PROJECTION, INBOX_EMAIL_PROJECTION],
      WAIT_MS,
    );
    // Retried by the runner: a follow-up read before its thread is known would be taken for a new conversation.
    if (!caughtUp) throw new Error('The thread and inbox read models have not reached the new emails yet');
    // One after the other: a later answer of the same conversation reads the state the earlier one left.
    for (const event of arrivals) {
      await this.commands.execute(new ContinueConversationCommand(event));
      // The answer wakes its conversation's snoozed emails and cancels their reminders.
      await this.commands.execute(new WakeConversationCommand(event));
    }
  }
}
