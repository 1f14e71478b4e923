import { Injectable } from '@nestjs/common';
import type { EmailServerConfig } from '@teaminbox/contracts';
import { DomainError } from '../../../../platform/event-sourcing';
import { toConfigDto } from '../../domain/mailbox-settings';
import { MailboxStatusStore } from '../../ingestion/mailbox-status.store';
import { MailboxTeam } from '../../mailbox-team';

export const CONFIG_NOT_FOUND_MESSAGE = 'No email server configuration yet.';

@Injectable()
export class GetEmailServerConfigHandler {
  constructor(
    private readonly team: MailboxTeam,
    private readonly status: MailboxStatusStore,
  ) {}

  async execute(userId: string): Promise<EmailServerConfig> {
    const teamId = await this.team.of(userId);
    const settings = await this.status.settingsOf(teamId);
    if (!settings) throw new DomainError('not-found', CONFIG_NOT_FOUND_MESSAGE);
    return toConfigDto(settings, await this.status.statusOf(teamId));
  }
}
