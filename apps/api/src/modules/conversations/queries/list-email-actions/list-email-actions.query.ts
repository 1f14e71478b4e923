import { Query } from '@nestjs/cqrs';
import type { EmailAction } from '@teaminbox/contracts';

/** The action log of one of the team's emails, oldest first; 404 for another team's email. */
export class ListEmailActionsQuery extends Query<EmailAction[]> {
  constructor(
    readonly teamId: string,
    readonly emailId: string,
  ) {
    super();
  }
}
