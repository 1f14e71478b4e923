import { Command } from '@nestjs/cqrs';
import type { Rule, TRuleRequest } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** The whole rule after an edit (switching it on or off included); answers the rule as stored. */
export class UpdateRuleCommand extends Command<Rule> {
  constructor(
    readonly caller: TeamCaller,
    readonly ruleId: string,
    readonly request: TRuleRequest,
  ) {
    super();
  }
}
