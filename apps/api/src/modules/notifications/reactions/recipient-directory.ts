import { Injectable } from '@nestjs/common';
import {
  DEFAULT_NOTIFICATION_TYPE_SETTINGS,
  defaultNotificationPreferences,
  isReadOnlyRole,
  NOTIFICATION_TYPES,
  type NotificationTypeSettings,
  type Role,
  type UserLanguage,
} from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import type { NotifiedEmail, Recipient, RecipientSettings } from '../domain/notification-decision';

interface MemberRow {
  id: string;
  email_notifications_enabled: boolean | null;
  browser_push_enabled: boolean | null;
  slack_notifications_enabled: boolean | null;
  slack_webhook_url: string | null;
  notification_types: Partial<Record<string, Partial<NotificationTypeSettings>>> | null;
  on_vacation: boolean | null;
  language: UserLanguage | null;
  snoozed_until: Date | null;
  muted: boolean;
  role: Role | null;
}

function settingsOf(row: MemberRow): RecipientSettings {
  const defaults = defaultNotificationPreferences();
  const stored = row.notification_types ?? {};
  return {
    emailNotificationsEnabled: row.email_notifications_enabled ?? defaults.emailNotificationsEnabled,
    browserPushEnabled: row.browser_push_enabled ?? defaults.browserPushEnabled,
    slackNotificationsEnabled: row.slack_notifications_enabled ?? defaults.slackNotificationsEnabled,
    slackWebhookUrl: row.slack_webhook_url ?? '',
    notificationTypes: Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [type, { ...DEFAULT_NOTIFICATION_TYPE_SETTINGS, ...stored[type] }]),
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
 * What the notification decision reads, from the read models: a team's members with their settings (or the
 * defaults), vacation, language, snooze and whether they muted the email or its conversation; an email's subject,
 * sender and assignee.
 */
@Injectable()
export class RecipientDirectory {
  constructor(private readonly db: DataSource) {}

  /** The members of each team with what decides their notifications (muting aside: see mutedOf). */
  async membersOf(teamIds: string[]): Promise<Map<string, Map<string, Recipient>>> {
    const rows: (MemberRow & { team_id: string })[] = await this.db.query(
      `SELECT u.id, u.team_id, s.email_notifications_enabled, s.browser_push_enabled, s.slack_notifications_enabled,
              s.slack_webhook_url, s.notification_types, p.on_vacation, p.language, z.snoozed_until, false AS muted,
              u.role
         FROM users u
         LEFT JOIN notification_settings s ON s.user_id = u.id
         LEFT JOIN user_preferences p ON p.user_id = u.id
         LEFT JOIN notification_snooze z ON z.user_id = u.id
        WHERE u.team_id = ANY($1::uuid[])
        ORDER BY u.registered_at, u.id`,
      [teamIds],
    );
    const teams = new Map(teamIds.map((id) => [id, new Map<string, Recipient>()]));
    for (const row of rows) {
      teams.get(row.team_id)?.set(row.id, {
        userId: row.id,
        settings: settingsOf(row),
        language: row.language === 'cs' ? 'cs' : 'en',
        onVacation: row.on_vacation ?? false,
        snoozedUntil: row.snoozed_until ? new Date(row.snoozed_until) : null,
        mutedEmail: false,
        auditor: isReadOnlyRole(row.role),
      });
    }
    return teams;
  }

  /**
   * Of these teams, those in which something can hold a new email's notifications back: `muting`, someone muted an
   * email (whose conversation's new mail is then muted too); `suppressing`, an enabled rule suppresses notifications.
   * The decision waits for the thread and the rules engine only for their mail. The sets hold the ids as given.
   */
  async holdingBack(teamIds: string[]): Promise<{ muting: Set<string>; suppressing: Set<string> }> {
    const muting = new Set<string>();
    const suppressing = new Set<string>();
    if (teamIds.length === 0) return { muting, suppressing };
    const rows: { team_id: string; muting: boolean; suppressing: boolean }[] = await this.db.query(
      `SELECT t.id AS team_id,
              EXISTS (SELECT 1 FROM email_mute m WHERE m.team_id = t.id::uuid) AS muting,
              EXISTS (SELECT 1 FROM rule r WHERE r.team_id = t.id::uuid AND r.enabled AND r.suppress_notifications)
                AS suppressing
         FROM unnest($1::text[]) AS t(id)`,
      [teamIds],
    );
    for (const row of rows) {
      if (row.muting) muting.add(row.team_id);
      if (row.suppressing) suppressing.add(row.team_id);
    }
    return { muting, suppressing };
  }

  /** Who muted each email or an email of its conversation: `${userId} ${emailId}` pairs. */
  async mutedOf(emailIds: string[]): Promise<Set<string>> {
    if (emailIds.length === 0) return new Set();
    const rows: { email_id: string; user_id: string }[] = await this.db.query(
      `WITH targets AS (SELECT DISTINCT unnest($1::uuid[]) AS email_id),
            related AS (
              SELECT t.email_id AS target, t.email_id AS related FROM targets t
              UNION
              SELECT t.email_id, o.email_id FROM targets t
                JOIN email_thread th ON th.email_id = t.email_id
                JOIN email_thread o ON o.thread_id = th.thread_id AND o.team_id = th.team_id)
       SELECT DISTINCT r.target AS email_id, m.user_id FROM related r JOIN email_mute m ON m.email_id = r.related`,
      [emailIds],
    );
    return new Set(rows.map((row) => `${row.user_id} ${row.email_id}`));
  }

  /**
   * The subject, sender and assignee of each named email that is in its team's inbox, by `${teamId} ${emailId}` in
   * lower case (one query for a batch).
   */
  async emailsOf(
    refs: { teamId: string; emailId: string }[],
  ): Promise<Map<string, NotifiedEmail & { assignedTo: string | null }>> {
    const emails = new Map<string, NotifiedEmail & { assignedTo: string | null }>();
    if (refs.length === 0) return emails;
    const rows: {
      id: string;
      team_id: string;
      subject: string;
      from_name: string | null;
      from_email: string;
      assigned_to: string | null;
    }[] = await this.db.query(
      `SELECT e.id, e.team_id, e.subject, e.from_name, e.from_email, e.assigned_to
         FROM inbox_email e
         JOIN unnest($1::uuid[], $2::uuid[]) AS r(id, team_id) ON e.id = r.id AND e.team_id = r.team_id`,
      [refs.map((ref) => ref.emailId), refs.map((ref) => ref.teamId)],
    );
    for (const row of rows) {
      emails.set(`${row.team_id} ${row.id}`, {
        emailId: row.id,
        subject: row.subject,
        fromName: row.from_name,
        fromEmail: row.from_email,
        assignedTo: row.assigned_to,
      });
    }
    return emails;
  }

  /**
   * The emails among these that the rules engine has evaluated without any rule matching (its record of handled
   * emails): no rule can have suppressed their notifications, so their streams need not be read.
   */
  async matchedByNoRule(emailIds: string[]): Promise<Set<string>> {
    if (emailIds.length === 0) return new Set();
    const rows: { email_id: string }[] = await this.db.query(
      `SELECT email_id FROM rule_engine_email WHERE email_id = ANY($1::uuid[]) AND matched = 0`,
      [emailIds],
    );
    return new Set(rows.map((row) => row.email_id));
  }

  /** Whether a subscriber of that name feeds from the log in any process (it has a checkpoint). */
  async subscriberExists(name: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM projection_checkpoints WHERE name = $1`, [name]);
    return rows.length > 0;
  }
}
