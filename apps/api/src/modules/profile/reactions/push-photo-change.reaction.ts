import { Injectable, Logger } from '@nestjs/common';
import type { ProfilePhotoChanged } from '@teaminbox/contracts';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Reaction } from '../../../platform/projections/projection';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway';

export const PUSH_PHOTO_CHANGE_REACTION = 'push-profile-photo-change';

/**
 * A new profile photo reaches the open screens of the uploader's team (the team recorded in the event's metadata),
 * or the uploader's own sockets without a team ('team.person.photo-changed'): their avatars load the photo again.
 * The push carries only whose photo changed, so a repeat after a crash loads the same photo once more, harmless.
 * It acts on photos changed from now on: an old photo is read with the team's members when a page loads.
 */
@Injectable()
export class PushPhotoChangeReaction implements Reaction {
  private readonly logger = new Logger(PushPhotoChangeReaction.name);
  readonly name = PUSH_PHOTO_CHANGE_REACTION;
  readonly eventTypes = ['ProfilePhotoChanged'] as const;
  readonly startAt = 'head' as const;

  constructor(private readonly gateway: RealtimeGateway) {}

  async afterCommit(events: StoredEvent[]): Promise<void> {
    for (const event of events) {
      const { userId } = event.data as ProfilePhotoChanged;
      const teamId = event.metadata?.teamId ?? null;
      try {
        const target = teamId ? this.gateway.toTeam(teamId) : this.gateway.toUser(userId);
        target.emit('team.person.photo-changed', { userId });
      } catch (error) {
        this.logger.warn(`Profile photo push failed: ${(error as Error).message}`);
      }
    }
  }
}
