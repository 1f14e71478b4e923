import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type Comment,
  type ConversationComments,
  type SuccessMessageResponse,
  type TCommentListQuery,
  type TCommentRequest,
  ZCommentListQuery,
  ZCommentRequest,
} from '@teaminbox/contracts';
import { TeamCaller } from '../../../platform/auth';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { DeleteCommentCommand } from '../commands/delete-comment/delete-comment.command';
import { WriteCommentCommand } from '../commands/write-comment/write-comment.command';
import { COMMENT_NOT_FOUND_MESSAGE } from '../domain/email.decider';
import { ListCommentsQuery } from '../queries/list-comments/list-comments.query';
import { ListConversationCommentsQuery } from '../queries/list-comments/list-conversation-comments.query';
import { EMAIL_TEAM, emailId } from './email-team';

const commentId = (id: string) => uuidOr404(id, COMMENT_NOT_FOUND_MESSAGE);

/**
 * GET/POST /emails/{id}/comments, PUT/DELETE /emails/{id}/comments/{commentId}. GET answers the email's comments (the
 * spec's list); with `?scope=conversation` the comments of its whole conversation, each with the email it is on.
 */
@Controller('emails')
export class EmailCommentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':id/comments')
  list(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(ZCommentListQuery)) { scope }: TCommentListQuery,
  ): Promise<Comment[] | ConversationComments> {
    return scope === 'conversation'
      ? this.queries.execute(new ListConversationCommentsQuery(caller.teamId, emailId(id)))
      : this.queries.execute(new ListCommentsQuery(caller.teamId, emailId(id)));
  }

  @Post(':id/comments')
  @HttpCode(200)
  add(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZCommentRequest)) body: TCommentRequest,
  ): Promise<Comment> {
    return this.commands.execute(new WriteCommentCommand(caller, emailId(id), null, body.message));
  }

  @Put(':id/comments/:commentId')
  edit(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Param('commentId') comment: string,
    @Body(new ZodValidationPipe(ZCommentRequest)) body: TCommentRequest,
  ): Promise<Comment> {
    return this.commands.execute(new WriteCommentCommand(caller, emailId(id), commentId(comment), body.message));
  }

  @Delete(':id/comments/:commentId')
  async remove(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Param('commentId') comment: string,
  ): Promise<SuccessMessageResponse> {
    await this.commands.execute(new DeleteCommentCommand(caller, emailId(id), commentId(comment)));
    return { success: true, message: 'Comment deleted' };
  }
}
