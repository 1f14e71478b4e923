import { type IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import type { InvitationResponse } from '@teaminbox/contracts';
import { UserDirectory } from '../../../identity';
import { invitationUnavailable } from '../../invitation-unavailable';
import { GetInvitationQuery } from '../get-invitation/get-invitation.query';
import { DescribeInvitationQuery } from './describe-invitation.query';

@QueryHandler(DescribeInvitationQuery)
export class DescribeInvitationHandler implements IQueryHandler<DescribeInvitationQuery, InvitationResponse> {
  constructor(
    private readonly queries: QueryBus,
    private readonly directory: UserDirectory,
  ) {}

  async execute({ token }: DescribeInvitationQuery): Promise<InvitationResponse> {
    const invitation = await this.queries.execute(new GetInvitationQuery(token));
    if (!invitation || invitation.state !== 'usable') throw invitationUnavailable(invitation !== null);
    const account = await this.directory.byEmail(invitation.email);
    return { success: true, message: invitation.email, flag: account ? 1 : 0 };
  }
}
