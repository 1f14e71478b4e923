import { Command } from '@nestjs/cqrs';
import type { ProfilePhotoUploaded } from '@teaminbox/contracts';

/** Replaces the caller's profile photo with the uploaded image (re-encoded; see processProfilePhoto). */
export class UploadProfilePhotoCommand extends Command<ProfilePhotoUploaded> {
  constructor(
    readonly userId: string,
    readonly upload: Buffer,
    /** The caller's team, recorded in the event's metadata: the team's open screens are told of the new photo. */
    readonly teamId: string | null = null,
  ) {
    super();
  }
}
