import { Injectable } from '@nestjs/common';
import type { NotificationEventMap } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';

export const PROFILE_PHOTO_PROJECTION = 'profile-photo';

/** Writes `profile_photo`: each user's current photo (its bytes are in `profile_photo_content`). */
@Injectable()
export class ProfilePhotoProjection implements Projection {
  readonly name = PROFILE_PHOTO_PROJECTION;
  readonly eventTypes = ['ProfilePhotoChanged'] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      const photo = event.data as NotificationEventMap['ProfilePhotoChanged'];
      await tx.query(
        `INSERT INTO profile_photo (user_id, photo_id, content_type, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET photo_id = $2, content_type = $3, updated_at = $4`,
        [photo.userId, photo.photoId, photo.contentType, event.recordedAt],
      );
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE profile_photo');
  }
}
