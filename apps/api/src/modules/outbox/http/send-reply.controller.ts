import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { type SendReplyResponse, type TSendReplyRequest, ZSendReplyRequest } from '@teaminbox/contracts';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { SendReplyHandler } from '../commands/send-reply/send-reply.handler';

@Controller('emails')
export class SendReplyController {
  constructor(private readonly sendReply: SendReplyHandler) {}

  /** Accepted for sending: the outbox delivers it (202). */
  @Post('send-reply')
  @HttpCode(202)
  send(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(ZSendReplyRequest)) body: TSendReplyRequest,
  ): Promise<SendReplyResponse> {
    return this.sendReply.execute(user.id, body);
  }
}
