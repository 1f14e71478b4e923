import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../shared/domain-error';
import { describeMailError, MailConnections } from '../../connection/mail-connections';
import { MailboxStatusStore } from '../../ingestion/mailbox-status.store';
import { MailboxTeam } from '../../mailbox-team';

export const SAVE_CONFIG_FIRST_MESSAGE = 'Save the email server configuration first.';

/** GET /email-server-config/imap-folders: the folder paths of the saved configuration's mailbox. */
@Injectable()
export class ListImapFoldersHandler {
  constructor(
    private readonly team: MailboxTeam,
    private readonly status: MailboxStatusStore,
    private readonly connections: MailConnections,
  ) {}

  async execute(userId: string): Promise<string[]> {
    const settings = await this.status.settingsOf(await this.team.managedBy(userId));
    if (!settings) throw new DomainError('invalid', SAVE_CONFIG_FIRST_MESSAGE);
    try {
      return await this.connections.listFolders(settings);
    } catch (error) {
      throw new DomainError('invalid', `Could not load the IMAP folders: ${describeMailError(error)}`);
    }
  }
}
