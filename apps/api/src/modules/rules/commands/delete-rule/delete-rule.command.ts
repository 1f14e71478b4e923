import { Command } from '@nestjs/cqrs';
import type { TeamCaller } from '../../../../platform/auth';

export class DeleteRuleCommand extends Command<void> {
  constructor(
    readonly caller: TeamCaller,
    readonly ruleId: string,
  ) {
    super();
  }
}
