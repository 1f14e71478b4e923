import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../platform/event-sourcing';
import { describeMailError, MailConnections } from '../../infrastructure/imap/mail-connections';
import { MailboxStatusStore } from '../../infrastructure/imap/mailbox-status.store';
import { ListImapFoldersQuery, SAVE_CONFIG_FIRST_MESSAGE } from './list-imap-folders.query';

@QueryHandler(ListImapFoldersQuery)
export class ListImapFoldersHandler implements IQueryHandler<ListImapFoldersQuery, string[]> {
  constructor(
    private readonly status: MailboxStatusStore,
    private readonly connections: MailConnections,
  ) {}

  async execute({ teamId }: ListImapFoldersQuery): Promise<string[]> {
    const settings = await this.status.settingsOf(teamId);
    if (!settings) throw new DomainError('invalid', SAVE_CONFIG_FIRST_MESSAGE);
    try {
      return await this.connections.listFolders(settings);
    } catch (error) {
      throw new DomainError('invalid', `Could not load the IMAP folders: ${describeMailError(error)}`);
    }
  }
}
