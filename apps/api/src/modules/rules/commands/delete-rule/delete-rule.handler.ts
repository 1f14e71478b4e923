import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { rulesDecider, rulesStreamId } from '../../domain/rules.decider';
import { RULE_PROJECTION } from '../../projections/rule/rule.projection';
import { DeleteRuleCommand } from './delete-rule.command';

/** What the rule did to emails stays in their history; it simply runs no more. */
@CommandHandler(DeleteRuleCommand)
export class DeleteRuleHandler implements ICommandHandler<DeleteRuleCommand, void> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ caller: { teamId }, ruleId }: DeleteRuleCommand): Promise<void> {
    await this.repository.decide(
      rulesStreamId(teamId),
      rulesDecider,
      { type: 'DeleteRule', teamId, ruleId },
      { waitFor: [RULE_PROJECTION], retries: 3 },
    );
  }
}
