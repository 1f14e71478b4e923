import { Injectable } from '@nestjs/common';
import { isReadOnlyRole, type Rule } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { UserDirectory } from '../../identity';
import { MailboxSettingsReader } from '../../mail';
import { MemberPreferences } from '../../preferences';
import { RULE_ORDER, type RuleRow, SELECT_RULE, toRule } from '../projections/rule/rule.read-model';
import type { MemberFacts, SentReply } from '../domain/rules-engine';

/** The engine's record of an email it handled; `tooSlow` names the rules stopped on it for running past their budget. */
export interface HandledEmail {
  emailId: string;
  teamId: string;
  outcome: string;
  matched: number;
  tooSlow: { ruleId: string; ruleName: string }[];
}

/** What the rules engine reads about a team: every query it makes, so the engine itself stays pure. */
@Injectable()
export class RulesEngineFacts {
  constructor(
    private readonly db: DataSource,
    private readonly mailbox: MailboxSettingsReader,
    private readonly directory: UserDirectory,
    private readonly preferences: MemberPreferences,
  ) {}

  async enabledRules(teamId: string): Promise<Rule[]> {
    const rows: RuleRow[] = await this.db.query(`${SELECT_RULE} WHERE team_id = $1 AND enabled ${RULE_ORDER}`, [
      teamId,
    ]);
    return rows.map(toRule);
  }

  /** Whether the team's mailbox configuration applies rules to old mail of a first synchronisation (default yes). */
  async rulesOnFirstSync(teamId: string): Promise<boolean> {
    return (await this.mailbox.settingsOf(teamId))?.applyRulesToFirstSync ?? true;
  }

  /** The team's members with their display name and whether they are on vacation now (identity's and preferences'). */
  async members(teamId: string): Promise<Map<string, MemberFacts>> {
    const [members, preferences] = await Promise.all([
      this.directory.membersOf(teamId),
      this.preferences.ofTeams([teamId]),
    ]);
    return new Map(
      members.map((member) => [
        member.id,
        {
          name: member.name || member.email,
          email: member.email,
          onVacation: preferences.get(member.id)?.onVacation ?? false,
          auditor: isReadOnlyRole(member.role),
        },
      ]),
    );
  }

  async labels(teamId: string): Promise<Map<string, string>> {
    const rows: { id: string; name: string }[] = await this.db.query(
      'SELECT id, name FROM email_label WHERE team_id = $1',
      [teamId],
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /**
   * The team's replies (sent, queued, or failed to deliver: every reply a member sent off) in the email's thread — replies to the messages it refers to, to any
   * message of their threads, and replies it answers (our own Message-IDs) — and the team's replies to any email of
   * the same sender. The thread is found from the email's own In-Reply-To and References: the thread read model may
   * not have the new email yet.
   */
  async sentReplies(
    teamId: string,
    email: { emailId: string; fromEmail: string; inReplyTo?: string | null; references?: string[] },
  ): Promise<{ thread: SentReply[]; sameSender: SentReply[] }> {
    const refs = [...new Set([email.inReplyTo, ...(email.references ?? [])].filter((id): id is string => !!id))];
    const [thread, sameSender]: { author_id: string; at: Date }[][] = await Promise.all([
      refs.length === 0
        ? Promise.resolve([])
        : this.db.query(
            `WITH answered AS (
               SELECT email_id FROM email_thread WHERE team_id = $1 AND message_id = ANY($2::text[])
               UNION SELECT email_id FROM email_reply WHERE team_id = $1 AND message_id = ANY($2::text[])),
             referred AS (
               SELECT email_id FROM answered
               UNION SELECT t2.email_id FROM email_thread t1
                 JOIN email_thread t2 ON t2.team_id = t1.team_id AND t2.thread_id = t1.thread_id
                WHERE t1.team_id = $1 AND t1.email_id IN (SELECT email_id FROM answered))
             SELECT r.author_id, COALESCE(r.sent_at, r.updated_at, r.created_at) AS at
               FROM email_reply r
              WHERE r.team_id = $1 AND r.email_id IN (SELECT email_id FROM referred)
                AND r.status <> 'DRAFT' AND r.email_id <> $3`,
            [teamId, refs, email.emailId],
          ),
      this.db.query(
        `SELECT r.author_id, COALESCE(r.sent_at, r.updated_at, r.created_at) AS at
           FROM inbox_email e JOIN email_reply r ON r.email_id = e.id AND r.team_id = e.team_id
          WHERE e.team_id = $1 AND lower(e.from_email) = lower($2) AND e.id <> $3 AND r.status <> 'DRAFT'
          ORDER BY at DESC LIMIT 50`,
        [teamId, email.fromEmail, email.emailId],
      ),
    ]);
    const toReply = (row: { author_id: string; at: Date }): SentReply => ({
      authorId: row.author_id,
      at: new Date(row.at).toISOString(),
    });
    return { thread: thread.map(toReply), sameSender: sameSender.map(toReply) };
  }

  /** The engine's record of the emails it handled (what the email detail's explanation reads). */
  async recordHandled(rows: HandledEmail[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.query(
      `INSERT INTO rule_engine_email (email_id, team_id, outcome, matched, too_slow, handled_at)
       SELECT r.email_id, r.team_id, r.outcome, r.matched, r.too_slow, now()
         FROM json_to_recordset($1::json)
           AS r(email_id uuid, team_id uuid, outcome text, matched integer, too_slow jsonb)
       ON CONFLICT (email_id) DO NOTHING`,
      [
        JSON.stringify(
          rows.map((r) => ({
            email_id: r.emailId,
            team_id: r.teamId,
            outcome: r.outcome,
            matched: r.matched,
            too_slow: r.tooSlow,
          })),
        ),
      ],
    );
  }

  /**
   * Flags the rules stopped as too slow (what the rules screen shows an ADMIN): the last email, when, how often, and
   * a digest of the conditions they had then (an edit of the conditions clears the flag).
   */
  async recordTooSlow(teamId: string, stopped: { rule: Rule; emailId: string }[]): Promise<void> {
    if (stopped.length === 0) return;
    const byRule = new Map<string, { rule: Rule; emailId: string; times: number }>();
    for (const { rule, emailId } of stopped) {
      const seen = byRule.get(rule.id);
      byRule.set(rule.id, { rule, emailId, times: (seen?.times ?? 0) + 1 });
    }
    await this.db.query(
      `INSERT INTO rule_too_slow (rule_id, team_id, email_id, conditions_md5, times, stopped_at)
       SELECT r.rule_id, $2, r.email_id, md5(r.conditions::text), r.times, now()
         FROM json_to_recordset($1::json) AS r(rule_id uuid, email_id uuid, conditions jsonb, times integer)
       ON CONFLICT (rule_id) DO UPDATE SET email_id = EXCLUDED.email_id, stopped_at = EXCLUDED.stopped_at,
         times = CASE WHEN rule_too_slow.conditions_md5 = EXCLUDED.conditions_md5
                      THEN rule_too_slow.times + EXCLUDED.times ELSE EXCLUDED.times END,
         conditions_md5 = EXCLUDED.conditions_md5`,
      [
        JSON.stringify(
          [...byRule.values()].map(({ rule, emailId, times }) => ({
            rule_id: rule.id,
            email_id: emailId,
            conditions: rule.conditions,
            times,
          })),
        ),
        teamId,
      ],
    );
  }
}
