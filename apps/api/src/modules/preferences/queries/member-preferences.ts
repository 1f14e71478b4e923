import { Injectable } from '@nestjs/common';
import type { UserLanguage } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { DEFAULT_PREFERENCES } from './get-preferences/get-preferences.handler';

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
  constructor(private readonly db: DataSource) {}

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
