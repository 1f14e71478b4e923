import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { EmailRuleMatch, EmailRulesExplanation, RuleMatchMode } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { DomainError } from '../../../../platform/event-sourcing';
import { EmailSummaries } from '../../../conversations';
import { RULE_ENGINE_EVALUATED, RULE_ENGINE_SKIPPED_FIRST_SYNC } from '../../reactions/rules-engine.reaction';
import { GetEmailRulesQuery } from './get-email-rules.query';

export const EMAIL_NOT_FOUND_MESSAGE = 'Email not found';

interface MatchRow {
  rule_id: string;
  rule_name: string;
  match_mode: RuleMatchMode;
  conditions: EmailRuleMatch['conditions'];
  actions: EmailRuleMatch['actions'];
  suppress_notifications: boolean;
  applied_at: Date;
}

@QueryHandler(GetEmailRulesQuery)
export class GetEmailRulesHandler implements IQueryHandler<GetEmailRulesQuery, EmailRulesExplanation> {
  constructor(
    private readonly emails: EmailSummaries,
    private readonly db: DataSource,
  ) {}

  async execute({ teamId, emailId }: GetEmailRulesQuery): Promise<EmailRulesExplanation> {
    if ((await this.emails.summariesOf([{ teamId, emailId }])).size === 0) {
      throw new DomainError('not-found', EMAIL_NOT_FOUND_MESSAGE);
    }
    const [handled, matches]: [
      { outcome: string; matched: number; too_slow: EmailRulesExplanation['tooSlow'] }[],
      MatchRow[],
    ] = await Promise.all([
      this.db.query('SELECT outcome, matched, too_slow FROM rule_engine_email WHERE email_id = $1 AND team_id = $2', [
        emailId,
        teamId,
      ]),
      this.db.query(
        `SELECT rule_id, rule_name, match_mode, conditions, actions, suppress_notifications, applied_at
           FROM email_rule_match WHERE email_id = $1 AND team_id = $2 ORDER BY seq`,
        [emailId, teamId],
      ),
    ]);
    // The engine records an email as evaluated once its rules acted; the matches are a projection of their own that
    // may still be behind: until it has them all, the explanation is not complete and not called evaluated.
    const complete = handled[0]?.outcome === RULE_ENGINE_EVALUATED && matches.length >= handled[0].matched;
    return {
      emailId,
      evaluated: complete,
      tooSlow: handled[0]?.too_slow ?? [],
      skipped: handled[0]?.outcome === RULE_ENGINE_SKIPPED_FIRST_SYNC ? 'FIRST_SYNC' : null,
      matches: matches.map((row) => ({
        ruleId: row.rule_id,
        ruleName: row.rule_name,
        matchMode: row.match_mode,
        conditions: row.conditions,
        actions: row.actions,
        suppressNotifications: row.suppress_notifications,
        appliedAt: new Date(row.applied_at).toISOString(),
      })),
    };
  }
}
