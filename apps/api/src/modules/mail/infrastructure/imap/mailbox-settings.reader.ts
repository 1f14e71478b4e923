import { Injectable } from '@nestjs/common';
import type { MailboxSettings } from '@teaminbox/contracts';
import { MailboxStatusStore } from './mailbox-status.store';

/**
 * The read port of the teams' mailbox configuration (table `mailbox_config`, written by the mailbox-config
 * projection) for other modules: the outbox sends with it. It answers mail's own query, for one team at a time.
 */
@Injectable()
export class MailboxSettingsReader {
  constructor(private readonly status: MailboxStatusStore) {}

  /** The team's saved mailbox settings, secrets included (null: the team saved none). */
  settingsOf(teamId: string): Promise<MailboxSettings | null> {
    return this.status.settingsOf(teamId);
  }
}
