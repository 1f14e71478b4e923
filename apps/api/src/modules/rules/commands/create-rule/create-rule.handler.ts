import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { Rule } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { rulesDecider, rulesStreamId } from '../../domain/rules.decider';
import { RULE_PROJECTION } from '../../projections/rule/rule.projection';
import { GetRuleQuery } from '../../queries/get-rule/get-rule.query';
import { RulePatternTiming } from '../pattern-timing';
import { RuleTeamReferences } from '../team-references';
import { CreateRuleCommand } from './create-rule.command';

/** On the team's rules stream (the limit on rules is decided there); labels and members checked against the team. */
@CommandHandler(CreateRuleCommand)
export class CreateRuleHandler implements ICommandHandler<CreateRuleCommand, Rule> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly references: RuleTeamReferences,
    private readonly timing: RulePatternTiming,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller: { teamId }, request }: CreateRuleCommand): Promise<Rule> {
    const ruleId = uuidv7();
    const { enabled, ...rule } = request;
    const [team] = await Promise.all([this.references.of(teamId), this.timing.check(teamId, rule.conditions)]);
    await this.repository.decide(
      rulesStreamId(teamId),
      rulesDecider,
      { type: 'CreateRule', teamId, ruleId, enabled, rule, team },
      { waitFor: [RULE_PROJECTION], retries: 3 },
    );
    return this.queries.execute(new GetRuleQuery(teamId, ruleId));
  }
}
