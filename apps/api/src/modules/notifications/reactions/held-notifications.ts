import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { NotificationRule } from '../domain/suppressing-rules';

/** A new email's notification held until the rules engine has evaluated the email. */
export interface HeldNotification {
  causeEventId: string;
  teamId: string;
  emailId: string;
  heldAt: Date;
  evaluated: boolean;
  suppressed: boolean;
}

/**
 * Notifications' own tables for rules that suppress notifications: `notification_rule`, the rules as the rule events
 * left them, and `notification_held_email`, the new-mail notifications held until the email's EmailRulesEvaluated
 * (one row per EmailReceived, kept once released so that a batch run again does not hold it anew).
 */
@Injectable()
export class HeldNotifications {
  constructor(private readonly db: DataSource) {}

  /** The rules of these teams (one query for a batch). */
  async rulesOf(teamIds: string[]): Promise<Map<string, NotificationRule | null>> {
    const rules = new Map<string, NotificationRule | null>();
    if (teamIds.length === 0) return rules;
    const rows: { rule_id: string; team_id: string; enabled: boolean; suppressing: boolean }[] = await this.db.query(
      `SELECT rule_id, team_id, enabled, suppressing FROM notification_rule WHERE team_id = ANY($1::uuid[])`,
      [teamIds],
    );
    for (const row of rows)
      rules.set(row.rule_id, {
        ruleId: row.rule_id,
        teamId: row.team_id,
        enabled: row.enabled,
        suppressing: row.suppressing,
      });
    return rules;
  }

  /** Saves the rules as the batch's rule events left them (null: deleted). */
  async saveRules(rules: ReadonlyMap<string, NotificationRule | null>): Promise<void> {
    const kept = [...rules.values()].filter((rule): rule is NotificationRule => rule !== null);
    const deleted = [...rules].filter(([, rule]) => rule === null).map(([ruleId]) => ruleId);
    if (kept.length > 0)
      await this.db.query(
        `INSERT INTO notification_rule (rule_id, team_id, enabled, suppressing)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::boolean[], $4::boolean[])
         ON CONFLICT (rule_id) DO UPDATE SET enabled = EXCLUDED.enabled, suppressing = EXCLUDED.suppressing`,
        [
          kept.map((rule) => rule.ruleId),
          kept.map((rule) => rule.teamId),
          kept.map((rule) => rule.enabled),
          kept.map((rule) => rule.suppressing),
        ],
      );
    if (deleted.length > 0)
      await this.db.query(`DELETE FROM notification_rule WHERE rule_id = ANY($1::uuid[])`, [deleted]);
  }

  /** Holds these new emails' notifications; one held before (a batch run again) stays as it is. */
  async hold(held: { causeEventId: string; teamId: string; emailId: string }[]): Promise<void> {
    if (held.length === 0) return;
    await this.db.query(
      `INSERT INTO notification_held_email (cause_event_id, team_id, email_id)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[])
       ON CONFLICT (cause_event_id) DO NOTHING`,
      [held.map((h) => h.causeEventId), held.map((h) => h.teamId), held.map((h) => h.emailId)],
    );
  }

  /** Records the rules engine's evaluation of these emails on their held notifications not yet released. */
  async evaluated(evaluations: { emailId: string; suppressed: boolean }[]): Promise<void> {
    if (evaluations.length === 0) return;
    await this.db.query(
      `UPDATE notification_held_email h SET evaluated = true, suppressed = e.suppressed
         FROM unnest($1::uuid[], $2::boolean[]) AS e(email_id, suppressed)
        WHERE h.email_id = e.email_id AND h.released_at IS NULL`,
      [evaluations.map((e) => e.emailId), evaluations.map((e) => e.suppressed)],
    );
  }

  /** The held notifications to release now: evaluated, or held since before `expiredBefore`; oldest first. */
  async releasable(expiredBefore: Date, limit: number): Promise<HeldNotification[]> {
    const rows: {
      cause_event_id: string;
      team_id: string;
      email_id: string;
      held_at: Date;
      evaluated: boolean;
      suppressed: boolean;
    }[] = await this.db.query(
      `SELECT cause_event_id, team_id, email_id, held_at, evaluated, suppressed FROM notification_held_email
        WHERE released_at IS NULL AND (evaluated OR held_at < $1)
        ORDER BY held_at, cause_event_id LIMIT $2`,
      [expiredBefore, limit],
    );
    return rows.map((row) => ({
      causeEventId: row.cause_event_id,
      teamId: row.team_id,
      emailId: row.email_id,
      heldAt: new Date(row.held_at),
      evaluated: row.evaluated,
      suppressed: row.suppressed,
    }));
  }

  /** When the oldest notification still held (and not evaluated) was held; null when none is. */
  async oldestPending(): Promise<Date | null> {
    const [row]: { held_at: Date | null }[] = await this.db.query(
      `SELECT min(held_at) AS held_at FROM notification_held_email WHERE released_at IS NULL`,
    );
    return row?.held_at ? new Date(row.held_at) : null;
  }

  /** Marks these held notifications released (their notifications are appended, or they were suppressed). */
  async released(causeEventIds: string[]): Promise<void> {
    if (causeEventIds.length === 0) return;
    await this.db.query(
      `UPDATE notification_held_email SET released_at = now()
        WHERE cause_event_id = ANY($1::uuid[]) AND released_at IS NULL`,
      [causeEventIds],
    );
  }

  /** Forgets released holds older than `before` (a batch is never run again that long after). */
  async forgetReleased(before: Date): Promise<void> {
    await this.db.query(`DELETE FROM notification_held_email WHERE released_at < $1`, [before]);
  }
}
