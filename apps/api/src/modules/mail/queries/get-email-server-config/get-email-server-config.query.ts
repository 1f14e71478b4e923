import { Query } from '@nestjs/cqrs';
import type { EmailServerConfig } from '@teaminbox/contracts';

export const CONFIG_NOT_FOUND_MESSAGE = 'No email server configuration yet.';

/** The team's mailbox configuration (never a password) with its sync status; 404 before the first save. */
export class GetEmailServerConfigQuery extends Query<EmailServerConfig> {
  constructor(readonly teamId: string) {
    super();
  }
}
