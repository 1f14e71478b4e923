import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { DetailViewMode, ListDensity, UserLanguage, UserPreferences } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { GetPreferencesQuery } from './get-preferences.query';

export const DEFAULT_PREFERENCES: UserPreferences = {
  emailDetailViewMode: 'classic',
  onVacation: false,
  language: 'en',
  listDensity: 'comfortable',
};

@QueryHandler(GetPreferencesQuery)
export class GetPreferencesHandler implements IQueryHandler<GetPreferencesQuery, UserPreferences> {
  constructor(private readonly db: DataSource) {}

  async execute({ userId }: GetPreferencesQuery): Promise<UserPreferences> {
    const [row]: {
      email_detail_view_mode: DetailViewMode;
      on_vacation: boolean;
      language: UserLanguage;
      list_density: ListDensity;
    }[] = await this.db.query(
      'SELECT email_detail_view_mode, on_vacation, language, list_density FROM user_preferences WHERE user_id = $1',
      [userId],
    );
    return row
      ? {
          emailDetailViewMode: row.email_detail_view_mode,
          onVacation: row.on_vacation,
          language: row.language,
          listDensity: row.list_density,
        }
      : DEFAULT_PREFERENCES;
  }
}
