import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { EmailServerConfig } from '@teaminbox/contracts';
import { DomainError } from '../../../../platform/event-sourcing';
import { toConfigDto } from '../../domain/mailbox-settings';
import { MailboxStatusStore } from '../../infrastructure/imap/mailbox-status.store';
import { CONFIG_NOT_FOUND_MESSAGE, GetEmailServerConfigQuery } from './get-email-server-config.query';

@QueryHandler(GetEmailServerConfigQuery)
export class GetEmailServerConfigHandler implements IQueryHandler<GetEmailServerConfigQuery, EmailServerConfig> {
  constructor(private readonly status: MailboxStatusStore) {}

  async execute({ teamId }: GetEmailServerConfigQuery): Promise<EmailServerConfig> {
    const settings = await this.status.settingsOf(teamId);
    if (!settings) throw new DomainError('not-found', CONFIG_NOT_FOUND_MESSAGE);
    return toConfigDto(settings, await this.status.statusOf(teamId));
  }
}
