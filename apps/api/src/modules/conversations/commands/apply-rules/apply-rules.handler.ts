import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { v5 as uuidv5 } from 'uuid';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { RequestContext } from '../../../../platform/request-context';
import { ruleEventIds } from '../../domain/apply-rule';
import { emailDecider, emailStreamId } from '../../domain/email.decider';
import { ApplyRuleCommand } from './apply-rule.command';

/** Namespace of the ids of the events rules cause (uuid v5 of email, rule and action index). */
const RULE_EVENT_NAMESPACE = '6f0c1f55-3c3a-4c4e-9a53-5a9f0c7b2d11';

/** The rule acts (its id and name in every event's metadata), in the correlation of the email that arrived. */
@CommandHandler(ApplyRuleCommand)
export class ApplyRuleHandler implements ICommandHandler<ApplyRuleCommand, void> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ teamId, emailId, rule }: ApplyRuleCommand): Promise<void> {
    const eventIds = ruleEventIds((key) => uuidv5(`${emailId}\n${rule.ruleId}\n${key}`, RULE_EVENT_NAMESPACE));
    await RequestContext.actAs({ kind: 'rule', id: rule.ruleId, name: rule.ruleName }, () =>
      this.repository.decide(
        emailStreamId(emailId),
        emailDecider,
        { type: 'ApplyRule', teamId, rule },
        {
          teamId,
          eventIds,
          // A member working on the email at the same moment: decide again on the new state.
          retries: 5,
        },
      ),
    );
  }
}
