import { Body, Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type ComposeEmailResponse,
  type ReplyAddresses,
  type SendReplyResponse,
  type TComposeEmailRequest,
  type TForwardEmailRequest,
  ZComposeEmailRequest,
  type TSendReplyRequest,
  ZForwardEmailRequest,
  ZSendReplyRequest,
} from '@teaminbox/contracts';
import { TeamCaller, type TeamCallerOptions } from '../../../platform/auth';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { ComposeEmailCommand } from '../commands/compose-email/compose-email.command';
import { ForwardEmailCommand } from '../commands/forward-email/forward-email.command';
import { SendReplyCommand } from '../commands/send-reply/send-reply.command';
import { EMAIL_NOT_FOUND_MESSAGE } from '../domain/reply.decider';
import { ReplyAddressesQuery } from '../queries/reply-addresses/reply-addresses.query';

export const NOT_TEAM_MEMBER_MESSAGE = 'You are not a member of this team';

/** The request names its team: a caller without a team, or of another one, gets 403. */
const SENDING_TEAM: TeamCallerOptions = {
  noTeam: { kind: 'forbidden', message: NOT_TEAM_MEMBER_MESSAGE },
  teamIdIn: 'body',
  otherTeam: { kind: 'forbidden', message: NOT_TEAM_MEMBER_MESSAGE },
};

/** A caller without a team, or an email of another team, gets 404. */
const EMAIL_TEAM: TeamCallerOptions = { noTeam: { kind: 'not-found', message: EMAIL_NOT_FOUND_MESSAGE } };

/** `Idempotency-Key` header works as the body's key. */
const keyOf = (bodyKey: string | undefined, headerKey: string | undefined) =>
  bodyKey ?? (headerKey?.trim().slice(0, 200) || undefined);

@Controller('emails')
export class SendReplyController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** Accepted for sending: the outbox delivers it (202). An `Idempotency-Key` header works as the body's key. */
  @Post('send-reply')
  @HttpCode(202)
  send(
    @TeamCaller(SENDING_TEAM) caller: TeamCaller,
    @Body(new ZodValidationPipe(ZSendReplyRequest)) body: TSendReplyRequest,
    @Headers('idempotency-key') headerKey?: string,
  ): Promise<SendReplyResponse> {
    return this.commands.execute(
      new SendReplyCommand(caller, { ...body, idempotencyKey: keyOf(body.idempotencyKey, headerKey) }),
    );
  }

  /** The email sent on to other addresses, accepted for sending like a reply (202). */
  @Post('forward')
  @HttpCode(202)
  forward(
    @TeamCaller(SENDING_TEAM) caller: TeamCaller,
    @Body(new ZodValidationPipe(ZForwardEmailRequest)) body: TForwardEmailRequest,
    @Headers('idempotency-key') headerKey?: string,
  ): Promise<SendReplyResponse> {
    return this.commands.execute(
      new ForwardEmailCommand(caller, { ...body, idempotencyKey: keyOf(body.idempotencyKey, headerKey) }),
    );
  }

  /** A new conversation from the team's mailbox, accepted for sending like a reply (202). */
  @Post('compose')
  @HttpCode(202)
  compose(
    @TeamCaller(SENDING_TEAM) caller: TeamCaller,
    @Body(new ZodValidationPipe(ZComposeEmailRequest)) body: TComposeEmailRequest,
    @Headers('idempotency-key') headerKey?: string,
  ): Promise<ComposeEmailResponse> {
    return this.commands.execute(
      new ComposeEmailCommand(caller, { ...body, idempotencyKey: keyOf(body.idempotencyKey, headerKey) }),
    );
  }

  /** Whom a reply and a reply to all go to (the reply form's To and Cc). */
  @Get(':id/reply-addresses')
  replyAddresses(@TeamCaller(EMAIL_TEAM) caller: TeamCaller, @Param('id') id: string): Promise<ReplyAddresses> {
    return this.queries.execute(new ReplyAddressesQuery(caller.teamId, uuidOr404(id, EMAIL_NOT_FOUND_MESSAGE)));
  }
}
