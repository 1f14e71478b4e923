import { Query } from '@nestjs/cqrs';
import type { InvitationResponse } from '@teaminbox/contracts';

/** What the accept-invitation screen shows; throws 404/410 for an unusable token. */
export class DescribeInvitationQuery extends Query<InvitationResponse> {
  constructor(readonly token: string) {
    super();
  }
}
