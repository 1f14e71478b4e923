import { Query } from '@nestjs/cqrs';

export const SAVE_CONFIG_FIRST_MESSAGE = 'Save the email server configuration first.';

/** GET /email-server-config/imap-folders: the folder paths of the team's saved mailbox. */
export class ListImapFoldersQuery extends Query<string[]> {
  constructor(readonly teamId: string) {
    super();
  }
}
