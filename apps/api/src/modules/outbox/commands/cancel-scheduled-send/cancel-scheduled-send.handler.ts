import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CancelScheduledSendResponse } from '@teaminbox/contracts';
import { v5 as uuidv5 } from 'uuid';
import { DomainError, EventSourcedRepository } from '../../../../platform/event-sourcing';
import { EMAIL_REPLY_PROJECTION, emailStreamId } from '../../../conversations';
import { replyEventIdOf } from '../../domain/outbox-events';
import { kindOf, SCHEDULED_SEND_NOT_FOUND_MESSAGE, replyDecider } from '../../domain/reply.decider';
import { OutboxStore } from '../../outbox.store';
import { SCHEDULED_SEND_PROJECTION } from '../../projections/scheduled-send/scheduled-send.projection';
import { CancelScheduledSendCommand } from './cancel-scheduled-send.command';

export const SEND_CANCELLED_MESSAGE = 'Sending undone: the message is a draft again';

/** Namespace of the id of the draft an undone reply becomes (and of its ReplyDraftSaved). */
const RESTORED_DRAFT_NAMESPACE = '2d8e0f3a-7b41-4c6e-9f25-81a3c5d7e9b2';

/**
 * Decides CancelSend on the message's email stream (a reply, a forward or a new email): ReplySendCancelled and the
 * draft it becomes (a new draft id, so a send from it is a new message of the same kind). Asked again, it answers the same draft; once the send job began handing the reply to
 * SMTP, 409. A reply of another team, or none, answers 404.
 */
@CommandHandler(CancelScheduledSendCommand)
export class CancelScheduledSendHandler implements ICommandHandler<
  CancelScheduledSendCommand,
  CancelScheduledSendResponse
> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly outbox: OutboxStore,
  ) {}

  async execute({ caller: { teamId }, replyId }: CancelScheduledSendCommand): Promise<CancelScheduledSendResponse> {
    const emailId = await this.outbox.emailOfReply(replyId, teamId);
    if (!emailId) throw new DomainError('not-found', SCHEDULED_SEND_NOT_FOUND_MESSAGE);
    const draftId = uuidv5(`${replyId}\ndraft`, RESTORED_DRAFT_NAMESPACE);
    await this.repository.decide(
      emailStreamId(emailId),
      replyDecider,
      { type: 'CancelSend', data: { replyId, emailId, teamId, draftId } },
      {
        retries: 3,
        eventIds: (event) =>
          event.type === 'ReplySendCancelled'
            ? replyEventIdOf(replyId, 'ReplySendCancelled')
            : uuidv5(`${replyId}\ndraft-saved`, RESTORED_DRAFT_NAMESPACE),
        // The drafts list shows the draft, and the Scheduled list no longer the reply, right after this answer.
        waitFor: [EMAIL_REPLY_PROJECTION, SCHEDULED_SEND_PROJECTION],
      },
    );
    const queued = (await this.repository.load(emailStreamId(emailId), replyDecider)).state.replies.get(
      replyId,
    )?.queued;
    return {
      success: true,
      message: SEND_CANCELLED_MESSAGE,
      emailId,
      draftId,
      kind: queued ? kindOf(queued) : 'reply',
    };
  }
}
