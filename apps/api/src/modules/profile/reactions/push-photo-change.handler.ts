import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { busEvent, type BusEvent } from '../../../platform/projections/domain-events';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { InjectPusher, type ModulePusher } from '../../../platform/realtime/module-pusher';
import type { PROFILE_PUSHES } from '../profile.manifest';
import { PROFILE_PHOTO_PROJECTION } from '../projections/profile-photo/profile-photo.projection';

/** How long the push waits for the photo's read model (bounded: the push goes out in any case). */
const WAIT_MS = 2000;

/**
 * A new profile photo reaches the open screens of the uploader's team (the team recorded in the event's metadata),
 * or the uploader's own sockets without a team ('team.person.photo-changed'): their avatars load the photo again.
 * The push waits until the photo's read model has the change, so that the avatars load the new photo, not the old
 * one. It carries only whose photo changed, so a repeat after a crash loads the same photo once more, harmless.
 */
@EventsHandler(busEvent('ProfilePhotoChanged'))
export class PushPhotoChangeHandler implements IEventHandler<BusEvent<'ProfilePhotoChanged'>> {
  private readonly logger = new Logger(PushPhotoChangeHandler.name);

  constructor(
    @InjectPusher() private readonly pushes: ModulePusher<typeof PROFILE_PUSHES>,
    private readonly runner: ProjectionRunner,
  ) {}

  async handle({ event }: BusEvent<'ProfilePhotoChanged'>): Promise<void> {
    const { userId } = event.data;
    const teamId = event.metadata?.teamId ?? null;
    try {
      await this.runner.waitFor(event.position, [PROFILE_PHOTO_PROJECTION], WAIT_MS);
      const target = teamId ? this.pushes.toTeam(teamId) : this.pushes.toUser(userId);
      target.emit('team.person.photo-changed', { userId });
    } catch (error) {
      this.logger.warn(`Profile photo push failed: ${(error as Error).message}`);
    }
  }
}
