import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { TeamMemberJoinedEvent } from '../../../platform/projections/domain-events';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway';

/** A user who joins a team starts receiving its pushes on the sockets already open. */
@EventsHandler(TeamMemberJoinedEvent)
export class JoinTeamRoomHandler implements IEventHandler<TeamMemberJoinedEvent> {
  constructor(private readonly gateway: RealtimeGateway) {}

  handle({ event }: TeamMemberJoinedEvent): void {
    this.gateway.joinTeam(event.data.userId, event.data.teamId);
  }
}
