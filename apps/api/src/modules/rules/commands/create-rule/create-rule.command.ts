import { Command } from '@nestjs/cqrs';
import type { Rule, TRuleRequest } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** A new rule of the caller's team; answers the rule as stored. */
export class CreateRuleCommand extends Command<Rule> {
  constructor(
    readonly caller: TeamCaller,
    readonly request: TRuleRequest,
  ) {
    super();
  }
}
