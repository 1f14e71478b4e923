import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EmailReceived } from '@teaminbox/contracts';
import { v5 as uuidv5 } from 'uuid';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { RequestContext } from '../../../../platform/request-context';
import { emailDecider, emailStreamId } from '../../domain/email.decider';
import { ConversationThreads } from '../../projections/email-thread/conversation-threads';
import { InboxEmailQueries } from '../../queries/inbox-email.queries';
import { WakeConversationCommand } from './wake-conversation.command';

/** Namespace of the ids of the events an answer causes (uuid v5 of its EmailReceived's id, the email and an index). */
const ANSWER_EVENT_NAMESPACE = '7b1e4c2a-9d3f-4a6b-8c5e-2f1a0b9c8d7e';

/**
 * Wakes (reason answer) every other snoozed email of the answer's conversation and cancels their reminders, acted by
 * the system in the answer's correlation. The events' ids derive from the answer: handled twice, it appends once;
 * emails with neither a snooze nor a reminder decide nothing.
 */
@CommandHandler(WakeConversationCommand)
export class WakeConversationHandler implements ICommandHandler<WakeConversationCommand, void> {
  private readonly logger = new Logger(WakeConversationHandler.name);

  constructor(
    private readonly threads: ConversationThreads,
    private readonly repository: EventSourcedRepository,
    private readonly inbox: InboxEmailQueries,
  ) {}

  async execute({ cause }: WakeConversationCommand): Promise<void> {
    const { emailId, teamId } = cause.data as EmailReceived;
    // The thread also names the team's replies (no email stream of their own): the emails are those the inbox has.
    const thread = (await this.threads.threadOf(teamId, emailId)).filter((id) => id !== emailId);
    const others = (await this.inbox.emailChanges(teamId, thread)).map((email) => email.id);
    if (others.length === 0) return;
    const scope = RequestContext.ofEvent(cause);
    const at = cause.metadata?.occurredAt ?? new Date().toISOString();
    const outcomes = await this.repository.decideEach(
      emailDecider,
      others.map((other) => ({
        streamId: emailStreamId(other),
        commands: [
          {
            command: { type: 'Wake' as const, reason: 'answer' as const, teamId, at },
            scope,
            eventIds: (_event: unknown, index: number) =>
              uuidv5(`${cause.eventId}\n${other}\n${index}`, ANSWER_EVENT_NAMESPACE),
          },
        ],
      })),
      { teamId, retries: 5 },
    );
    // A conflict after the retries, or an email that left the team: logged, as the continuation's are.
    for (const outcome of outcomes) {
      if ('error' in outcome)
        this.logger.warn(`Email ${emailId}: ${outcome.streamId} was not woken by the answer: ${outcome.error.message}`);
    }
  }
}
