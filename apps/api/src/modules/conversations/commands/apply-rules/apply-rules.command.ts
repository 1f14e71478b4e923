import { Command } from '@nestjs/cqrs';
import type { RuleToApply } from '../../domain/apply-rule';

/**
 * The rules engine's command: a matched rule's resolved actions on one email of its team, applied once. The
 * events' ids derive from (email, rule, action index), so the same command after a crash appends nothing again.
 */
export class ApplyRuleCommand extends Command<void> {
  constructor(
    readonly teamId: string,
    readonly emailId: string,
    readonly rule: RuleToApply,
  ) {
    super();
  }
}
