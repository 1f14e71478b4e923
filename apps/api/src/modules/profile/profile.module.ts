import { Module, type OnModuleInit } from '@nestjs/common';
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
  ) {}

  onModuleInit(): void {
    this.runner.registerProjection(this.photos);
  }
}
