import { Injectable } from '@nestjs/common';
import {
  DEFAULT_NOTIFICATION_TYPE_SETTINGS,
  defaultNotificationPreferences,
  isReadOnlyRole,
  NOTIFICATION_TYPES,
  type Role,
} from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { EmailMutes, EmailSummaries } from '../../conversations';
import { MemberNotificationSettings } from '../../notification-settings';
import { MemberPreferences } from '../../preferences';
import type { NotifiedEmail, Recipient, RecipientSettings } from '../domain/notification-decision';

/** The settings of a member the owner's read model does not know yet (the defaults). */
function defaultSettings(): RecipientSettings {
  const defaults = defaultNotificationPreferences();
  return {
    emailNotificationsEnabled: defaults.emailNotificationsEnabled,
    browserPushEnabled: defaults.browserPushEnabled,
    slackNotificationsEnabled: defaults.slackNotificationsEnabled,
    slackWebhookUrl: '',
    notificationTypes: Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [type, { ...DEFAULT_NOTIFICATION_TYPE_SETTINGS }]),
    ) as RecipientSettings['notificationTypes'],
  };
}

/**
 * The members with `mutedEmail` set for one email (the team's members, read with `mutedEmail` false, are copied only
 * where someone muted it: most emails of a burst are muted by nobody).
 */
export function withMutes(
  members: ReadonlyMap<string, Recipient>,
  muted: ReadonlySet<string>,
  emailId: string,
): ReadonlyMap<string, Recipient> {
  if (muted.size === 0) return members;
  let copy: Map<string, Recipient> | undefined;
  for (const [userId, recipient] of members) {
    const mutedEmail = muted.has(`${userId} ${emailId}`);
    if (mutedEmail === recipient.mutedEmail) continue;
    copy ??= new Map(members);
    copy.set(userId, { ...recipient, mutedEmail });
  }
  return copy ?? members;
}

/**
 * What the notification decision reads: a team's members (the shared users view) with their snooze (our own
 * table), their settings (notification-settings' port) and vacation and language (preferences' port), and whether
 * they muted the email or its conversation; an email's subject, sender and assignee (conversations' ports). Each
 * owner is asked once per batch.
 */
@Injectable()
export class RecipientDirectory {
  constructor(
    private readonly db: DataSource,
    private readonly notificationSettings: MemberNotificationSettings,
    private readonly preferences: MemberPreferences,
    private readonly mutes: EmailMutes,
    private readonly emails: EmailSummaries,
  ) {}

  /** The members of each team with what decides their notifications (muting aside: see mutedOf). */
  async membersOf(teamIds: string[]): Promise<Map<string, Map<string, Recipient>>> {
    const [rows, settings, preferences] = await Promise.all([
      this.db.query(
        `SELECT u.id, u.team_id, u.role, z.snoozed_until
           FROM users u
           LEFT JOIN notification_snooze z ON z.user_id = u.id
          WHERE u.team_id = ANY($1::uuid[])
          ORDER BY u.registered_at, u.id`,
        [teamIds],
      ) as Promise<{ id: string; team_id: string; role: Role | null; snoozed_until: Date | null }[]>,
      this.notificationSettings.ofTeams(teamIds),
      this.preferences.ofTeams(teamIds),
    ]);
    const teams = new Map(teamIds.map((id) => [id, new Map<string, Recipient>()]));
    for (const row of rows) {
      const preference = preferences.get(row.id);
      teams.get(row.team_id)?.set(row.id, {
        userId: row.id,
        settings: settings.get(row.id) ?? defaultSettings(),
        language: preference?.language ?? 'en',
        onVacation: preference?.onVacation ?? false,
        snoozedUntil: row.snoozed_until ? new Date(row.snoozed_until) : null,
        mutedEmail: false,
        auditor: isReadOnlyRole(row.role),
      });
    }
    return teams;
  }

  /**
   * Of these teams, those in which someone muted an email (whose conversation's new mail is then muted too): the
   * decision waits for the thread only for their mail. The set holds the ids as given. (A rule that suppresses
   * notifications holds mail back through the process manager's own hold.)
   */
  async holdingBack(teamIds: string[]): Promise<{ muting: Set<string> }> {
    if (teamIds.length === 0) return { muting: new Set() };
    return { muting: await this.mutes.teamsMuting(teamIds) };
  }

  /** Who muted each email of its team or an email of its conversation: `${userId} ${emailId}` pairs. */
  mutedOf(refs: { teamId: string; emailId: string }[]): Promise<Set<string>> {
    return this.mutes.mutedOf(refs);
  }

  /**
   * The subject, sender and assignee of each named email that is in its team's inbox, by `${teamId} ${emailId}` in
   * lower case (one query for a batch).
   */
  emailsOf(
    refs: { teamId: string; emailId: string }[],
  ): Promise<Map<string, NotifiedEmail & { assignedTo: string | null }>> {
    return this.emails.summariesOf(refs);
  }
}
