import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ProfilePhotoUploaded } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { DataSource } from 'typeorm';
import { DomainError, EventSourcedRepository } from '../../../../platform/event-sourcing';
import { processProfilePhoto, ProfilePhotoRejected } from '../../domain/profile-photo-image';
import { profileDecider, profileStreamId } from '../../domain/profile.decider';
import { PROFILE_PHOTO_PROJECTION } from '../../projections/profile-photo/profile-photo.projection';
import { UploadProfilePhotoCommand } from './upload-profile-photo.command';

export const PROFILE_PHOTO_UPDATED_MESSAGE = 'Profile photo updated';

/**
 * Re-encodes the upload, keeps its bytes under a new photo id, records ProfilePhotoChanged, and once the read model
 * points at the new photo, deletes the user's older photos: a replaced photo is gone, not only hidden.
 */
@CommandHandler(UploadProfilePhotoCommand)
export class UploadProfilePhotoHandler implements ICommandHandler<UploadProfilePhotoCommand, ProfilePhotoUploaded> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly db: DataSource,
  ) {}

  async execute({ userId, upload, teamId }: UploadProfilePhotoCommand): Promise<ProfilePhotoUploaded> {
    let photo;
    try {
      photo = await processProfilePhoto(upload);
    } catch (error) {
      if (error instanceof ProfilePhotoRejected) throw new DomainError('invalid', error.message);
      throw error;
    }
    const photoId = uuidv7();
    await this.db.query(
      `INSERT INTO profile_photo_content (photo_id, user_id, content_type, content) VALUES ($1, $2, $3, $4)`,
      [photoId, userId, photo.contentType, photo.content],
    );
    await this.repository.decide(
      profileStreamId(userId),
      profileDecider,
      { type: 'ChangeProfilePhoto', userId, photoId, contentType: photo.contentType, size: photo.content.length },
      { teamId, retries: 3, waitFor: [PROFILE_PHOTO_PROJECTION] },
    );
    const [current]: { updated_at: Date }[] = await this.db.query(
      `SELECT updated_at FROM profile_photo WHERE user_id = $1 AND photo_id = $2`,
      [userId, photoId],
    );
    if (current) {
      await this.db.query(`DELETE FROM profile_photo_content WHERE user_id = $1 AND photo_id <> $2`, [userId, photoId]);
    }
    return {
      success: true,
      message: PROFILE_PHOTO_UPDATED_MESSAGE,
      userId,
      updatedAt: new Date(current?.updated_at ?? Date.now()).toISOString(),
    };
  }
}
