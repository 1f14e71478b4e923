import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { Comment } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { DomainError, EventSourcedRepository } from '../../../../platform/event-sourcing';
import { UserDirectory } from '../../../identity';
import { COMMENT_NOT_FOUND_MESSAGE, emailDecider, emailStreamId } from '../../domain/email.decider';
import { MAX_MENTIONS_PER_COMMENT, mentionedIn, TOO_MANY_MENTIONS_MESSAGE } from '../../domain/mentions';
import { EMAIL_COMMENT_PROJECTION } from '../../projections/email-comment/email-comment.projection';
import { GetCommentQuery } from '../../queries/get-comment/get-comment.query';
import { WriteCommentCommand } from './write-comment.command';

/**
 * The author alone edits a comment; mentions are resolved against the team's members, at most
 * MAX_MENTIONS_PER_COMMENT of them (400 beyond: nothing is recorded).
 */
@CommandHandler(WriteCommentCommand)
export class WriteCommentHandler implements ICommandHandler<WriteCommentCommand, Comment> {
  constructor(
    private readonly directory: UserDirectory,
    private readonly repository: EventSourcedRepository,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller: { teamId, userId }, emailId, commentId, message }: WriteCommentCommand): Promise<Comment> {
    const id = commentId ?? uuidv7();
    const mentions = mentionedIn(message, await this.directory.membersOf(teamId));
    if (mentions.length > MAX_MENTIONS_PER_COMMENT) throw new DomainError('invalid', TOO_MANY_MENTIONS_MESSAGE);
    const type = commentId ? 'EditComment' : 'AddComment';
    await this.repository.decide(
      emailStreamId(emailId),
      emailDecider,
      { type, teamId, userId, commentId: id, message, mentions },
      { waitFor: [EMAIL_COMMENT_PROJECTION] },
    );
    const comment = await this.queries.execute(new GetCommentQuery(teamId, id));
    if (!comment) throw new DomainError('not-found', COMMENT_NOT_FOUND_MESSAGE);
    return comment;
  }
}
