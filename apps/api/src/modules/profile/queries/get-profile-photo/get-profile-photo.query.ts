import { Query } from '@nestjs/cqrs';
import type { Caller } from '../../../../platform/auth';

export interface StoredProfilePhoto {
  photoId: string;
  contentType: string;
  content: Buffer;
  updatedAt: Date;
}

/** A user's photo, by id or by email: the caller's own, or a member of the caller's team; otherwise not found. */
export class GetProfilePhotoQuery extends Query<StoredProfilePhoto> {
  constructor(
    readonly caller: Caller,
    readonly who: { userId: string } | { email: string },
  ) {
    super();
  }
}
