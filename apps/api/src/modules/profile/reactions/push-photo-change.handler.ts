import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { ProfilePhotoChangedEvent } from '../../../platform/projections/domain-events';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway';

/**
 * A new profile photo reaches the open screens of the uploader's team (the team recorded in the event's metadata),
 * or the uploader's own sockets without a team ('team.person.photo-changed'): their avatars load the photo again.
 * The push carries only whose photo changed, so a repeat after a crash loads the same photo once more, harmless.
 */
@EventsHandler(ProfilePhotoChangedEvent)
export class PushPhotoChangeHandler implements IEventHandler<ProfilePhotoChangedEvent> {
  private readonly logger = new Logger(PushPhotoChangeHandler.name);

  constructor(private readonly gateway: RealtimeGateway) {}

  handle({ event }: ProfilePhotoChangedEvent): void {
    const { userId } = event.data;
    const teamId = event.metadata?.teamId ?? null;
    try {
      const target = teamId ? this.gateway.toTeam(teamId) : this.gateway.toUser(userId);
      target.emit('team.person.photo-changed', { userId });
    } catch (error) {
      this.logger.warn(`Profile photo push failed: ${(error as Error).message}`);
    }
  }
}
