import { Query } from '@nestjs/cqrs';
import type { EmailRulesExplanation } from '@teaminbox/contracts';

/** Which rules matched one of the team's emails on arrival, why, and what they did; 404 for another team's email. */
export class GetEmailRulesQuery extends Query<EmailRulesExplanation> {
  constructor(
    readonly teamId: string,
    readonly emailId: string,
  ) {
    super();
  }
}
