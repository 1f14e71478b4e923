import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type SendReplyResponse, type TSendReplyRequest, ZSendReplyRequest } from '@teaminbox/contracts';
import { TeamCaller, type TeamCallerOptions } from '../../../platform/auth';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { SendReplyCommand } from '../commands/send-reply/send-reply.command';

export const NOT_TEAM_MEMBER_MESSAGE = 'You are not a member of this team';

/** The request names its team: a caller without a team, or of another one, gets 403. */
const SENDING_TEAM: TeamCallerOptions = {
  noTeam: { kind: 'forbidden', message: NOT_TEAM_MEMBER_MESSAGE },
  teamIdIn: 'body',
  otherTeam: { kind: 'forbidden', message: NOT_TEAM_MEMBER_MESSAGE },
};

@Controller('emails')
export class SendReplyController {
  constructor(private readonly commands: CommandBus) {}

  /** Accepted for sending: the outbox delivers it (202). */
  @Post('send-reply')
  @HttpCode(202)
  send(
    @TeamCaller(SENDING_TEAM) caller: TeamCaller,
    @Body(new ZodValidationPipe(ZSendReplyRequest)) body: TSendReplyRequest,
  ): Promise<SendReplyResponse> {
    return this.commands.execute(new SendReplyCommand(caller, body));
  }
}
