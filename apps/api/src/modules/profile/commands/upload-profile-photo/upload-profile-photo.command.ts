import { Command } from '@nestjs/cqrs';
import type { ProfilePhotoUploaded } from '@teaminbox/contracts';

/** Replaces the caller's profile photo with the uploaded image (re-encoded; see processProfilePhoto). */
export class UploadProfilePhotoCommand extends Command<ProfilePhotoUploaded> {
  constructor(
    readonly userId: string,
    readonly upload: Buffer,
  ) {
    super();
  }
}
