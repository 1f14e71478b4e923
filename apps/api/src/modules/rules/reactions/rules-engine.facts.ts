import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { isReadOnlyRole, type Rule } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { TeamReplies } from '../../conversations';
import { UserDirectory } from '../../identity';
import { ListLabelsQuery } from '../../labels';
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
    private readonly queries: QueryBus,
    private readonly replies: TeamReplies,
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

  /** The team's labels by id (labels' own query). */
  async labels(teamId: string): Promise<Map<string, string>> {
    const labels = await this.queries.execute(new ListLabelsQuery(teamId));
    return new Map(labels.map((label) => [label.id, label.name]));
  }

  /**
   * The team's replies in the email's thread and to the same sender (conversations' `TeamReplies`): what "assign to
   * the last responder" chooses from.
   */
  sentReplies(
    teamId: string,
    email: { emailId: string; fromEmail: string; inReplyTo?: string | null; references?: string[] },
  ): Promise<{ thread: SentReply[]; sameSender: SentReply[] }> {
    return this.replies.around(teamId, email);
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
