import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SuccessMessageResponse } from '@teaminbox/contracts';
import { describeMailError } from '../../infrastructure/imap/mail-connections';
import { MailboxStatusStore } from '../../infrastructure/imap/mailbox-status.store';
import { MailboxSupervisor } from '../../infrastructure/imap/mailbox-supervisor';
import { MailboxRateLimits } from '../../mailbox-rate-limits';
import { SAVE_CONFIG_FIRST_MESSAGE } from '../../queries/list-imap-folders/list-imap-folders.query';
import { FetchEmailsCommand } from './fetch-emails.command';

/** POST /emails/fetch (ADMIN and MAINTAINER, limited per team): syncs the team's mailbox now. */
@CommandHandler(FetchEmailsCommand)
export class FetchEmailsHandler implements ICommandHandler<FetchEmailsCommand, SuccessMessageResponse> {
  constructor(
    private readonly status: MailboxStatusStore,
    private readonly supervisor: MailboxSupervisor,
    private readonly limits: MailboxRateLimits,
  ) {}

  async execute({ caller: { teamId } }: FetchEmailsCommand): Promise<SuccessMessageResponse> {
    await this.limits.hit('fetch', teamId);
    const settings = await this.status.settingsOf(teamId);
    if (!settings) return { success: false, message: SAVE_CONFIG_FIRST_MESSAGE };
    try {
      const count = await this.supervisor.syncNow(teamId, settings);
      return { success: true, message: `Fetched ${count} new emails` };
    } catch (error) {
      return { success: false, message: `Fetching emails failed: ${describeMailError(error)}` };
    }
  }
}
