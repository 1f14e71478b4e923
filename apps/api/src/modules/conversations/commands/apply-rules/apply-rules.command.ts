import { Command } from '@nestjs/cqrs';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { RuleToApply } from '../../domain/apply-rule';

/** The rules that matched one email, in the order they run, and the event that brought the email. */
export interface RulesForEmail {
  emailId: string;
  /** The email's EmailReceived: the rules' events are caused by it, in its correlation. */
  cause: StoredEvent;
  rules: RuleToApply[];
}

/** An email the rules could not act on (e.g. it is not the team's), with the reason. */
export interface RulesRefused {
  emailId: string;
  message: string;
}

/**
 * The rules engine's command for a batch of the team's new emails: on each email, its matched rules' resolved
 * actions, rule after rule, applied once. The events' ids derive from (email, rule, action index), so the same
 * command after a crash appends nothing again. Answers the emails it was refused on; the others were applied.
 */
export class ApplyRulesCommand extends Command<RulesRefused[]> {
  constructor(
    readonly teamId: string,
    readonly emails: RulesForEmail[],
  ) {
    super();
  }
}
