import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { busEvent, type BusEvent } from '../../../platform/projections/domain-events';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway';
import { USERS_PROJECTION } from '../projections/users/users.projection';

/** Bounded wait for the raised session version, so a reconnect with the old token is refused. */
const VERSION_WAIT_MS = 2000;

/**
 * A password change or a removal from the team ends the user's socket connections (room user:<id>),
 * once the users read model holds the new session version that makes their old tokens invalid.
 */
@EventsHandler(busEvent('UserPasswordChanged'), busEvent('TeamMemberRemoved'))
export class EndSessionsHandler implements IEventHandler<
  BusEvent<'UserPasswordChanged'> | BusEvent<'TeamMemberRemoved'>
> {
  private readonly logger = new Logger(EndSessionsHandler.name);

  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly runner: ProjectionRunner,
  ) {}

  async handle({ event }: BusEvent<'UserPasswordChanged'> | BusEvent<'TeamMemberRemoved'>): Promise<void> {
    const caughtUp = await this.runner.waitFor(event.position, [USERS_PROJECTION], VERSION_WAIT_MS);
    if (!caughtUp) this.logger.warn('The users projection is behind; ending the sockets anyway');
    this.gateway.disconnectUser(event.data.userId);
  }
}
