import { Query } from '@nestjs/cqrs';
import type { EmailDetail } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../../platform/auth';

/** One email of the caller's team with its sanitized HTML and the caller's mute; 404 for another team's. */
export class GetEmailDetailQuery extends Query<EmailDetail> {
  constructor(
    readonly caller: TeamCaller,
    readonly emailId: string,
  ) {
    super();
  }
}
