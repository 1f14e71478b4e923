import { Query } from '@nestjs/cqrs';
import type { ReplyAddresses } from '@teaminbox/contracts';

/** Whom a reply, and a reply to all, to one of the team's emails goes to. */
export class ReplyAddressesQuery extends Query<ReplyAddresses> {
  constructor(
    readonly teamId: string,
    readonly emailId: string,
  ) {
    super();
  }
}
