import { Module, type OnModuleInit } from '@nestjs/common';
import type { UserRegistered } from '@teaminbox/contracts';
import { PersonalDataRegistry } from '../../platform/personal-data';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { UploadProfilePhotoHandler } from './commands/upload-profile-photo/upload-profile-photo.handler';
import { ProfilePhotoController } from './http/profile-photo.controller';
import { ProfilePhotoProjection } from './projections/profile-photo/profile-photo.projection';
import { GetProfilePhotoHandler } from './queries/get-profile-photo/get-profile-photo.handler';
import { PushPhotoChangeHandler } from './reactions/push-photo-change.handler';

/** The user's profile photo: upload, re-encoding, the photos of the team's members, and the live push of a new one. */
@Module({
  controllers: [ProfilePhotoController],
  providers: [ProfilePhotoProjection, UploadProfilePhotoHandler, GetProfilePhotoHandler, PushPhotoChangeHandler],
})
export class ProfileModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly photos: ProfilePhotoProjection,
    private readonly personalData: PersonalDataRegistry,
  ) {}

  onModuleInit(): void {
    // An erased account's photos are deleted (the events keep only their ids, types and sizes, which are not
    // personal); its photo then answers 404.
    this.personalData.onErasure(async (events, tx) => {
      const userIds = events
        .filter((event) => event.type === 'UserRegistered')
        .map((event) => (event.data as UserRegistered).userId);
      if (userIds.length > 0)
        await tx.query('DELETE FROM profile_photo_content WHERE user_id = ANY($1::uuid[])', [userIds]);
    });
    this.runner.registerProjection(this.photos);
  }
}
