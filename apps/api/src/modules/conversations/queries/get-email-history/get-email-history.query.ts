import { Query } from '@nestjs/cqrs';
import type { EmailHistoryEntry } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** Every event of one email of the caller's team, oldest first; 404 for another team's. */
export class GetEmailHistoryQuery extends Query<EmailHistoryEntry[]> {
  constructor(
    readonly caller: TeamCaller,
    readonly emailId: string,
  ) {
    super();
  }
}
