import { Inject, Injectable } from '@nestjs/common';
import type { UserLanguage } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../platform/config';
import { DEFAULT_PREFERENCES, defaultUndoSendSeconds } from './get-preferences/get-preferences.handler';

/** What another module needs of a member's preferences (notifications: the language and vacation). */
export interface MemberPreference {
  language: UserLanguage;
  onVacation: boolean;
}

/**
 * The read port of the members' preferences (table `user_preferences`, written by the preferences projection) for
 * other modules: every member of the named teams, with the defaults until the member first saves.
 */
@Injectable()
export class MemberPreferences {
  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'undoSendDefaultSeconds'>,
  ) {}

  /** Seconds the person's sends wait for "Undo": their choice, else the server's default. */
  async undoSendSecondsOf(userId: string): Promise<number> {
    const [row]: { undo_send_seconds: number | null }[] = await this.db.query(
      'SELECT undo_send_seconds FROM user_preferences WHERE user_id = $1',
      [userId],
    );
    return row?.undo_send_seconds ?? defaultUndoSendSeconds(this.config);
  }

  /** The preferences of each member of these teams, by user id (one query for the batch). */
  async ofTeams(teamIds: readonly string[]): Promise<Map<string, MemberPreference>> {
    const members = new Map<string, MemberPreference>();
    if (teamIds.length === 0) return members;
    const rows: { id: string; language: UserLanguage | null; on_vacation: boolean | null }[] = await this.db.query(
      `SELECT u.id, p.language, p.on_vacation
         FROM users u LEFT JOIN user_preferences p ON p.user_id = u.id
        WHERE u.team_id = ANY($1::uuid[])`,
      [[...new Set(teamIds)]],
    );
    for (const row of rows)
      members.set(row.id, {
        language: row.language === 'cs' ? 'cs' : DEFAULT_PREFERENCES.language,
        onVacation: row.on_vacation ?? DEFAULT_PREFERENCES.onVacation,
      });
    return members;
  }
}
