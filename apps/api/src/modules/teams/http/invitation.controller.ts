import { Body, Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type InvitationResponse, type Team, type TInviteRequest, ZInviteRequest } from '@teaminbox/contracts';
import { Public, TeamCaller } from '../../../platform/auth';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { DeleteInvitationCommand } from '../commands/delete-invitation/delete-invitation.command';
import { SendInvitationCommand } from '../commands/send-invitation/send-invitation.command';
import { DescribeInvitationQuery } from '../queries/describe-invitation/describe-invitation.query';
import { IN_TEAM } from './in-team';

@Controller('invitation')
export class InvitationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** {id} is the token of the emailed link. */
  @Public()
  @Get(':id')
  describe(@Param('id') token: string): Promise<InvitationResponse> {
    return this.queries.execute(new DescribeInvitationQuery(token));
  }

  @Put()
  send(
    @TeamCaller(IN_TEAM) caller: TeamCaller,
    @Body(new ZodValidationPipe(ZInviteRequest)) body: TInviteRequest,
  ): Promise<Team> {
    return this.commands.execute(new SendInvitationCommand(caller, body.email, body.role));
  }

  /** {id} is the invitation's public id, as listed in GET /team. */
  @Delete(':id')
  delete(@TeamCaller(IN_TEAM) caller: TeamCaller, @Param('id') id: string): Promise<Team> {
    return this.commands.execute(new DeleteInvitationCommand(caller, id));
  }
}
