import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { busEvent, type BusEvent } from '../../../platform/projections/domain-events';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway';

/** A user who joins a team starts receiving its pushes on the sockets already open. */
@EventsHandler(busEvent('TeamMemberJoined'))
export class JoinTeamRoomHandler implements IEventHandler<BusEvent<'TeamMemberJoined'>> {
  constructor(private readonly gateway: RealtimeGateway) {}

  handle({ event }: BusEvent<'TeamMemberJoined'>): void {
    this.gateway.joinTeam(event.data.userId, event.data.teamId);
  }
}
