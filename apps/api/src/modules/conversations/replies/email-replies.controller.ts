import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  type Reply,
  type SuccessMessageResponse,
  type TReplyDraftRequest,
  ZReplyDraftRequest,
} from '@teaminbox/contracts';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { EMAIL_NOT_FOUND_MESSAGE, REPLY_NOT_FOUND_MESSAGE } from '../domain/email.decider';
import { uuidOr404 } from '../email-access';
import { RepliesService } from './replies.service';

export const DRAFT_DELETED_MESSAGE = 'Draft deleted';

/** GET/POST /emails/{id}/replies, PUT/DELETE /emails/{id}/replies/{replyId} (drafts only). */
@Controller('emails')
export class EmailRepliesController {
  constructor(private readonly replies: RepliesService) {}

  @Get(':id/replies')
  list(@CurrentUser() user: AuthenticatedUser, @Param('id') emailId: string): Promise<Reply[]> {
    return this.replies.list(user.id, emailId);
  }

  @Post(':id/replies')
  @HttpCode(200)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') emailId: string,
    @Body(new ZodValidationPipe(ZReplyDraftRequest)) body: TReplyDraftRequest,
  ): Promise<Reply> {
    return this.replies.create(user.id, emailId, body);
  }

  @Put(':id/replies/:replyId')
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') emailId: string,
    @Param('replyId') replyId: string,
    @Body(new ZodValidationPipe(ZReplyDraftRequest)) body: TReplyDraftRequest,
  ): Promise<Reply> {
    uuidOr404(emailId, EMAIL_NOT_FOUND_MESSAGE);
    return this.replies.update(user.id, emailId, uuidOr404(replyId, REPLY_NOT_FOUND_MESSAGE), body);
  }

  @Delete(':id/replies/:replyId')
  async remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') emailId: string,
    @Param('replyId') replyId: string,
  ): Promise<SuccessMessageResponse> {
    uuidOr404(emailId, EMAIL_NOT_FOUND_MESSAGE);
    await this.replies.delete(user.id, emailId, uuidOr404(replyId, REPLY_NOT_FOUND_MESSAGE));
    return { success: true, message: DRAFT_DELETED_MESSAGE };
  }
}
