import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { type SendReplyResponse, type TSendReplyRequest, ZSendReplyRequest } from '@teaminbox/contracts';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { SendReplyHandler } from '../commands/send-reply/send-reply.handler';

@Controller('emails')
export class SendReplyController {
  constructor(private readonly sendReply: SendReplyHandler) {}

  /** Accepted for sending: the outbox delivers it (202). An `Idempotency-Key` header works as the body's key. */
  @Post('send-reply')
  @HttpCode(202)
  send(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(ZSendReplyRequest)) body: TSendReplyRequest,
    @Headers('idempotency-key') headerKey?: string,
  ): Promise<SendReplyResponse> {
    const idempotencyKey = body.idempotencyKey ?? (headerKey?.trim().slice(0, 200) || undefined);
    return this.sendReply.execute(user.id, { ...body, idempotencyKey });
  }
}
