import { type OnModuleInit } from '@nestjs/common';
import { FeatureModule } from '../../platform/module-manifest/manifest';
import type { UserRegistered } from '@teaminbox/contracts';
import { PersonalDataRegistry } from '../../platform/personal-data';
import { ProfilePhotoController } from './http/profile-photo.controller';
import { PROFILE_MANIFEST } from './profile.manifest';

/** The user's profile photo: upload, re-encoding, the photos of the team's members, and the live push of a new one. */
@FeatureModule(PROFILE_MANIFEST, {
  controllers: [ProfilePhotoController],
})
export class ProfileModule implements OnModuleInit {
  constructor(private readonly personalData: PersonalDataRegistry) {}

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
  }
}
