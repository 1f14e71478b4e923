import { Query } from '@nestjs/cqrs';
import type { Rule } from '@teaminbox/contracts';

/** One rule of a team; 404 for another team's rule. */
export class GetRuleQuery extends Query<Rule> {
  constructor(
    readonly teamId: string,
    readonly ruleId: string,
  ) {
    super();
  }
}
