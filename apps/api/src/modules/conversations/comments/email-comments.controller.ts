import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { type Comment, type SuccessMessageResponse, type TCommentRequest, ZCommentRequest } from '@teaminbox/contracts';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';
import { COMMENT_NOT_FOUND_MESSAGE, EMAIL_NOT_FOUND_MESSAGE } from '../domain/email.decider';
import { CommentsService } from './comments.service';

const id = uuidOr404;

/** GET/POST /emails/{id}/comments, PUT/DELETE /emails/{id}/comments/{commentId}. */
@Controller('emails')
export class EmailCommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get(':id/comments')
  list(@CurrentUser() user: AuthenticatedUser, @Param('id') emailId: string): Promise<Comment[]> {
    return this.comments.list(user.id, id(emailId, EMAIL_NOT_FOUND_MESSAGE));
  }

  @Post(':id/comments')
  @HttpCode(200)
  add(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') emailId: string,
    @Body(new ZodValidationPipe(ZCommentRequest)) body: TCommentRequest,
  ): Promise<Comment> {
    return this.comments.add(user.id, id(emailId, EMAIL_NOT_FOUND_MESSAGE), body.message);
  }

  @Put(':id/comments/:commentId')
  edit(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') emailId: string,
    @Param('commentId') commentId: string,
    @Body(new ZodValidationPipe(ZCommentRequest)) body: TCommentRequest,
  ): Promise<Comment> {
    return this.comments.edit(
      user.id,
      id(emailId, EMAIL_NOT_FOUND_MESSAGE),
      id(commentId, COMMENT_NOT_FOUND_MESSAGE),
      body.message,
    );
  }

  @Delete(':id/comments/:commentId')
  async remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') emailId: string,
    @Param('commentId') commentId: string,
  ): Promise<SuccessMessageResponse> {
    await this.comments.delete(user.id, id(emailId, EMAIL_NOT_FOUND_MESSAGE), id(commentId, COMMENT_NOT_FOUND_MESSAGE));
    return { success: true, message: 'Comment deleted' };
  }
}
