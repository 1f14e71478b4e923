import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SuccessMessageResponse } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { DomainError, ReadYourWrites } from '../../../../platform/event-sourcing';
import { INBOX_EMAIL_PROJECTION } from '../../../conversations';
import { MailConnections } from '../../infrastructure/imap/mail-connections';
import { MailboxStatusStore } from '../../infrastructure/imap/mailbox-status.store';
import { MailboxSync } from '../../infrastructure/imap/mailbox-sync';
import { type FetchedMessage, MessageIngestion } from '../../infrastructure/imap/message-ingestion';
import { MAIL_QUARANTINE_PROJECTION } from '../../projections/mail-quarantine.projection';
import { quarantineRowOf, rawSourceOf } from '../../projections/mail-quarantine.rows';
import { SAVE_CONFIG_FIRST_MESSAGE } from '../../queries/list-imap-folders/list-imap-folders.query';
import {
  RETRY_DUPLICATE_MESSAGE,
  RETRY_IMPORTED_MESSAGE,
  RetryQuarantinedMessageCommand,
} from './retry-quarantined-message.command';

/**
 * Imports a quarantined message again (ADMIN and MAINTAINER) from its stored source, or fetched from the server when
 * none was stored (over the size limit at the time, or the server sent no content). Imported: it leaves the
 * quarantine; refused again: the new reason is recorded. Answers once the quarantine and the inbox show the outcome.
 */
@CommandHandler(RetryQuarantinedMessageCommand)
export class RetryQuarantinedMessageHandler implements ICommandHandler<
  RetryQuarantinedMessageCommand,
  SuccessMessageResponse
> {
  constructor(
    private readonly db: DataSource,
    private readonly status: MailboxStatusStore,
    private readonly connections: MailConnections,
    private readonly sync: MailboxSync,
    private readonly ingestion: MessageIngestion,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async execute({ caller: { teamId }, id }: RetryQuarantinedMessageCommand): Promise<SuccessMessageResponse> {
    const row = await quarantineRowOf(this.db, teamId, id);
    const location = {
      teamId,
      folder: row.folder,
      uidValidity: BigInt(row.uidvalidity ?? '0'),
      uid: Number(row.uid),
    };
    const source = await rawSourceOf(this.db, teamId, row.email_id);
    const message: FetchedMessage = source
      ? { uid: location.uid, source, internalDate: null }
      : await this.fetchAgain(teamId, location);
    const outcome = await this.ingestion.retry(location, message);
    // Its own append's position: the visible head of the log stops before any transaction still open, which may be
    // older than this append, and the quarantine read next would then miss the attempt.
    await this.readYourWrites.waitFor(outcome.position, [MAIL_QUARANTINE_PROJECTION, INBOX_EMAIL_PROJECTION]);
    if (!outcome.imported) return { success: false, message: outcome.reason };
    return { success: true, message: outcome.duplicate ? RETRY_DUPLICATE_MESSAGE : RETRY_IMPORTED_MESSAGE };
  }

  private async fetchAgain(
    teamId: string,
    location: { folder: string; uidValidity: bigint; uid: number },
  ): Promise<FetchedMessage> {
    const settings = await this.status.settingsOf(teamId);
    if (!settings) throw new DomainError('invalid', SAVE_CONFIG_FIRST_MESSAGE);
    const client = await this.connections.connectImap(settings);
    try {
      return await this.sync.fetchOne(client, location.folder, location.uidValidity, location.uid);
    } finally {
      await client.logout().catch(() => client.close());
    }
  }
}
