import { Query } from '@nestjs/cqrs';

export interface InvitationLookup {
  invitationId: string;
  teamId: string;
  email: string;
  tokenHash: string;
  /** 'usable' while pending and unexpired; 'gone' once expired, accepted, deleted or replaced. */
  state: 'usable' | 'gone';
}

/** An invitation by the token of its emailed link; null for a malformed or unknown token. */
export class GetInvitationQuery extends Query<InvitationLookup | null> {
  constructor(readonly token: string) {
    super();
  }
}
