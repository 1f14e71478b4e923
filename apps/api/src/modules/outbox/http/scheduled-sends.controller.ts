import { Controller, Delete, Get, Param } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { CancelScheduledSendResponse, ScheduledSend } from '@teaminbox/contracts';
import { TeamCaller, type TeamCallerOptions } from '../../../platform/auth';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';
import { CancelScheduledSendCommand } from '../commands/cancel-scheduled-send/cancel-scheduled-send.command';
import { SCHEDULED_SEND_NOT_FOUND_MESSAGE } from '../domain/reply.decider';
import { ListScheduledSendsQuery } from '../queries/list-scheduled-sends/list-scheduled-sends.query';

/** A caller without a team has no scheduled sends (404). */
const OWN_TEAM: TeamCallerOptions = { noTeam: { kind: 'not-found', message: SCHEDULED_SEND_NOT_FOUND_MESSAGE } };

/** The team's replies waiting for their send time: listed, and undone back into drafts. */
@Controller('replies')
export class ScheduledSendsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** The caller's team's scheduled sends (undo windows and "send later"), soonest first. */
  @Get('scheduled')
  list(@TeamCaller(OWN_TEAM) caller: TeamCaller): Promise<ScheduledSend[]> {
    return this.queries.execute(new ListScheduledSendsQuery(caller.teamId));
  }

  /** Undo send / cancel a scheduled send: the reply becomes a draft again; 409 once it is being sent. */
  @Delete(':id/schedule')
  cancel(@TeamCaller(OWN_TEAM) caller: TeamCaller, @Param('id') id: string): Promise<CancelScheduledSendResponse> {
    return this.commands.execute(
      new CancelScheduledSendCommand(caller, uuidOr404(id, SCHEDULED_SEND_NOT_FOUND_MESSAGE)),
    );
  }
}
