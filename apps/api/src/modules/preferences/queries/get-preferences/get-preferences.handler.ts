import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  type DetailViewMode,
  type ListDensity,
  UNDO_SEND_DEFAULT_SECONDS,
  type UserLanguage,
  type UserPreferences,
} from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config';
import { GetPreferencesQuery } from './get-preferences.query';

export const DEFAULT_PREFERENCES: UserPreferences = {
  emailDetailViewMode: 'classic',
  onVacation: false,
  language: 'en',
  listDensity: 'comfortable',
  undoSendSeconds: UNDO_SEND_DEFAULT_SECONDS,
};

/** The undo window of a person who has not chosen one: the server's UNDO_SEND_DEFAULT_SECONDS. */
export const defaultUndoSendSeconds = (config: Pick<AppConfig, 'undoSendDefaultSeconds'>) =>
  config.undoSendDefaultSeconds ?? DEFAULT_PREFERENCES.undoSendSeconds;

@QueryHandler(GetPreferencesQuery)
export class GetPreferencesHandler implements IQueryHandler<GetPreferencesQuery, UserPreferences> {
  private readonly defaults: UserPreferences;

  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.defaults = { ...DEFAULT_PREFERENCES, undoSendSeconds: defaultUndoSendSeconds(config) };
  }

  async execute({ userId }: GetPreferencesQuery): Promise<UserPreferences> {
    const [row]: {
      email_detail_view_mode: DetailViewMode;
      on_vacation: boolean;
      language: UserLanguage;
      list_density: ListDensity;
      undo_send_seconds: number | null;
    }[] = await this.db.query(
      `SELECT email_detail_view_mode, on_vacation, language, list_density, undo_send_seconds
         FROM user_preferences WHERE user_id = $1`,
      [userId],
    );
    return row
      ? {
          emailDetailViewMode: row.email_detail_view_mode,
          onVacation: row.on_vacation,
          language: row.language,
          listDensity: row.list_density,
          undoSendSeconds: row.undo_send_seconds ?? this.defaults.undoSendSeconds,
        }
      : this.defaults;
  }
}
