import { defineModuleManifest, type PushName } from '../../platform/module-manifest/manifest';
import { UploadProfilePhotoHandler } from './commands/upload-profile-photo/upload-profile-photo.handler';
import { ProfilePhotoProjection } from './projections/profile-photo/profile-photo.projection';
import { GetProfilePhotoHandler } from './queries/get-profile-photo/get-profile-photo.handler';
import { PushPhotoChangeHandler } from './reactions/push-photo-change.handler';

/**
 * The socket pushes the module sends: its manifest's `pushes`. Its ModulePusher (`@InjectPusher()`) sends these and
 * no other.
 */
export const PROFILE_PUSHES = ['team.person.photo-changed'] as const satisfies readonly PushName[];

/** A member's profile photo: what the module brings to the application (docs/ARCHITECTURE.md, "Module manifests"). */
export const PROFILE_MANIFEST = defineModuleManifest({
  name: 'profile',
  events: ['ProfilePhotoChanged'],
  projections: [ProfilePhotoProjection],
  reactions: [PushPhotoChangeHandler],
  commandHandlers: [UploadProfilePhotoHandler],
  queryHandlers: [GetProfilePhotoHandler],
  pushes: PROFILE_PUSHES,
});
