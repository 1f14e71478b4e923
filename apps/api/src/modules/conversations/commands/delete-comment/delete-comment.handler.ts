import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { EMAIL_COMMENT_PROJECTION } from '../../projections/email-comment/email-comment.projection';
import { emailDecider, emailStreamId } from '../../domain/email.decider';
import { DeleteCommentCommand } from './delete-comment.command';

@CommandHandler(DeleteCommentCommand)
export class DeleteCommentHandler implements ICommandHandler<DeleteCommentCommand, void> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ caller: { teamId, userId }, emailId, commentId }: DeleteCommentCommand): Promise<void> {
    await this.repository.decide(
      emailStreamId(emailId),
      emailDecider,
      { type: 'DeleteComment', teamId, userId, commentId },
      { waitFor: [EMAIL_COMMENT_PROJECTION] },
    );
  }
}
