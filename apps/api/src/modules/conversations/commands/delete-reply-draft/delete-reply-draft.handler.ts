import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { EMAIL_REPLY_PROJECTION } from '../../projections/email-reply/email-reply.projection';
import { emailDecider, emailStreamId } from '../../domain/email.decider';
import { DeleteReplyDraftCommand } from './delete-reply-draft.command';

@CommandHandler(DeleteReplyDraftCommand)
export class DeleteReplyDraftHandler implements ICommandHandler<DeleteReplyDraftCommand, void> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ caller: { teamId }, emailId, draftId }: DeleteReplyDraftCommand): Promise<void> {
    await this.repository.decide(
      emailStreamId(emailId),
      emailDecider,
      { type: 'DeleteDraft', teamId, draftId },
      { waitFor: [EMAIL_REPLY_PROJECTION] },
    );
  }
}
