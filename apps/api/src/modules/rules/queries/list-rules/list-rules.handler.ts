import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Rule } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { RULE_ORDER, type RuleRow, SELECT_RULE_WITH_SLOWNESS, toRule } from '../../projections/rule/rule.read-model';
import { ListRulesQuery } from './list-rules.query';

@QueryHandler(ListRulesQuery)
export class ListRulesHandler implements IQueryHandler<ListRulesQuery, Rule[]> {
  constructor(private readonly db: DataSource) {}

  async execute({ teamId }: ListRulesQuery): Promise<Rule[]> {
    const rows: RuleRow[] = await this.db.query(`${SELECT_RULE_WITH_SLOWNESS} WHERE r.team_id = $1 ${RULE_ORDER}`, [
      teamId,
    ]);
    return rows.map(toRule);
  }
}
