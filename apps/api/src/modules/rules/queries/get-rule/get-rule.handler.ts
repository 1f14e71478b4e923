import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type Rule, RULE_NOT_FOUND_MESSAGE } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { DomainError } from '../../../../platform/event-sourcing';
import { type RuleRow, SELECT_RULE_WITH_SLOWNESS, toRule } from '../../projections/rule/rule.read-model';
import { GetRuleQuery } from './get-rule.query';

@QueryHandler(GetRuleQuery)
export class GetRuleHandler implements IQueryHandler<GetRuleQuery, Rule> {
  constructor(private readonly db: DataSource) {}

  async execute({ teamId, ruleId }: GetRuleQuery): Promise<Rule> {
    const [row]: RuleRow[] = await this.db.query(`${SELECT_RULE_WITH_SLOWNESS} WHERE r.id = $1 AND r.team_id = $2`, [
      ruleId,
      teamId,
    ]);
    if (!row) throw new DomainError('not-found', RULE_NOT_FOUND_MESSAGE);
    return toRule(row);
  }
}
