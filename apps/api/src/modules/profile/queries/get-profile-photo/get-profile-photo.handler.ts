import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { DomainError } from '../../../../platform/event-sourcing';
import { GetProfilePhotoQuery, type StoredProfilePhoto } from './get-profile-photo.query';

export const PROFILE_PHOTO_NOT_FOUND = 'Profile photo not found';

@QueryHandler(GetProfilePhotoQuery)
export class GetProfilePhotoHandler implements IQueryHandler<GetProfilePhotoQuery, StoredProfilePhoto> {
  constructor(private readonly db: DataSource) {}

  async execute({ caller, who }: GetProfilePhotoQuery): Promise<StoredProfilePhoto> {
    const [byKey, value] = 'userId' in who ? ['u.id', who.userId] : ['u.email', who.email.trim().toLowerCase()];
    const [row]: { photo_id: string; content_type: string; content: Buffer; updated_at: Date }[] = await this.db.query(
      `SELECT p.photo_id, c.content_type, c.content, p.updated_at
         FROM users u
         JOIN profile_photo p ON p.user_id = u.id
         JOIN profile_photo_content c ON c.photo_id = p.photo_id
        WHERE ${byKey} = $1 AND (u.id = $2 OR (u.team_id IS NOT NULL AND u.team_id = $3))`,
      [value, caller.userId, caller.teamId],
    );
    if (!row) throw new DomainError('not-found', PROFILE_PHOTO_NOT_FOUND);
    return { photoId: row.photo_id, contentType: row.content_type, content: row.content, updatedAt: row.updated_at };
  }
}
