import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { QuarantinedMessage, SuccessMessageResponse } from '@teaminbox/contracts';
import type { Response } from 'express';
import { RequireRole, TeamCaller } from '../../../platform/auth';
import { RetryQuarantinedMessageCommand } from '../commands/retry-quarantined-message/retry-quarantined-message.command';
import { GetRawMessageQuery } from '../queries/get-raw-message/get-raw-message.query';
import { ListQuarantinedMessagesQuery } from '../queries/list-quarantined-messages/list-quarantined-messages.query';
import { MAILBOX_MANAGERS, MAILBOX_TEAM } from './mailbox-team';
import { sendRaw } from './raw-message.response';

/** The team's quarantined messages: list, raw source, retry (ADMIN and MAINTAINER; a MEMBER gets 403). */
@Controller('email-server-config/quarantine')
@RequireRole(...MAILBOX_MANAGERS)
export class MailQuarantineController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(@TeamCaller(MAILBOX_TEAM) caller: TeamCaller): Promise<QuarantinedMessage[]> {
    return this.queries.execute(new ListQuarantinedMessagesQuery(caller.teamId));
  }

  /** The message as received (message/rfc822), always as a download. */
  @Get(':id/raw')
  async raw(
    @TeamCaller(MAILBOX_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Res() res: Response,
  ): Promise<void> {
    sendRaw(res, await this.queries.execute(new GetRawMessageQuery(caller.teamId, id, 'quarantine')));
  }

  @Post(':id/retry')
  @HttpCode(200)
  retry(@TeamCaller(MAILBOX_TEAM) caller: TeamCaller, @Param('id') id: string): Promise<SuccessMessageResponse> {
    return this.commands.execute(new RetryQuarantinedMessageCommand(caller, id));
  }
}
