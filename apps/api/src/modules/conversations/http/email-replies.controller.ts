import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type Reply,
  type SuccessMessageResponse,
  type TReplyDraftRequest,
  ZReplyDraftRequest,
} from '@teaminbox/contracts';
import { TeamCaller } from '../../../platform/auth';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { DeleteReplyDraftCommand } from '../commands/delete-reply-draft/delete-reply-draft.command';
import { SaveReplyDraftCommand } from '../commands/save-reply-draft/save-reply-draft.command';
import { REPLY_NOT_FOUND_MESSAGE } from '../domain/email.decider';
import { ListRepliesQuery } from '../queries/list-replies/list-replies.query';
import { EMAIL_TEAM, emailId } from './email-team';

export const DRAFT_DELETED_MESSAGE = 'Draft deleted';

const replyId = (id: string) => uuidOr404(id, REPLY_NOT_FOUND_MESSAGE);

/** GET/POST /emails/{id}/replies, PUT/DELETE /emails/{id}/replies/{replyId} (drafts only). */
@Controller('emails')
export class EmailRepliesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':id/replies')
  list(@TeamCaller(EMAIL_TEAM) caller: TeamCaller, @Param('id') id: string): Promise<Reply[]> {
    return this.queries.execute(new ListRepliesQuery(caller.teamId, emailId(id)));
  }

  @Post(':id/replies')
  @HttpCode(200)
  create(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZReplyDraftRequest)) body: TReplyDraftRequest,
  ): Promise<Reply> {
    return this.commands.execute(new SaveReplyDraftCommand(caller, emailId(id), null, body));
  }

  @Put(':id/replies/:replyId')
  update(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Param('replyId') reply: string,
    @Body(new ZodValidationPipe(ZReplyDraftRequest)) body: TReplyDraftRequest,
  ): Promise<Reply> {
    return this.commands.execute(new SaveReplyDraftCommand(caller, emailId(id), replyId(reply), body));
  }

  @Delete(':id/replies/:replyId')
  async remove(
    @TeamCaller(EMAIL_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Param('replyId') reply: string,
  ): Promise<SuccessMessageResponse> {
    await this.commands.execute(new DeleteReplyDraftCommand(caller, emailId(id), replyId(reply)));
    return { success: true, message: DRAFT_DELETED_MESSAGE };
  }
}
