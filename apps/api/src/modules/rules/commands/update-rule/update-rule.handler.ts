import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { Rule } from '@teaminbox/contracts';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { rulesDecider, rulesStreamId } from '../../domain/rules.decider';
import { RULE_PROJECTION } from '../../projections/rule/rule.projection';
import { GetRuleQuery } from '../../queries/get-rule/get-rule.query';
import { RulePatternTiming } from '../pattern-timing';
import { RuleTeamReferences } from '../team-references';
import { UpdateRuleCommand } from './update-rule.command';

/** Another team's rule is not on the caller's team stream: 404, revealing nothing. */
@CommandHandler(UpdateRuleCommand)
export class UpdateRuleHandler implements ICommandHandler<UpdateRuleCommand, Rule> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly references: RuleTeamReferences,
    private readonly timing: RulePatternTiming,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller: { teamId }, ruleId, request }: UpdateRuleCommand): Promise<Rule> {
    const { enabled, ...rule } = request;
    const [team] = await Promise.all([this.references.of(teamId), this.timing.check(teamId, rule.conditions, ruleId)]);
    await this.repository.decide(
      rulesStreamId(teamId),
      rulesDecider,
      { type: 'UpdateRule', teamId, ruleId, enabled, rule, team },
      { waitFor: [RULE_PROJECTION], retries: 3 },
    );
    return this.queries.execute(new GetRuleQuery(teamId, ruleId));
  }
}
