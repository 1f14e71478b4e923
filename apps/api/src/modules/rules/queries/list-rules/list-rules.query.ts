import { Query } from '@nestjs/cqrs';
import type { Rule } from '@teaminbox/contracts';

/** A team's rules in the order they run (lower priority first). */
export class ListRulesQuery extends Query<Rule[]> {
  constructor(readonly teamId: string) {
    super();
  }
}
