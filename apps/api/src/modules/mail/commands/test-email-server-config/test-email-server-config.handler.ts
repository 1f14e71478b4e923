import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SuccessMessageResponse } from '@teaminbox/contracts';
import { SecretBox } from '../../../../platform/crypto';
import { describeMailError, MailConnections } from '../../connection/mail-connections';
import { settingsFromRequest, validationMessage } from '../../domain/mailbox-settings';
import { MailboxStatusStore } from '../../ingestion/mailbox-status.store';
import { TestEmailServerConfigCommand } from './test-email-server-config.command';

/**
 * POST /email-server-config/test: logs in to IMAP and lists folders, then verifies SMTP, each within the
 * connection timeouts. Missing passwords come from the stored configuration. Messages never carry a password.
 */
@CommandHandler(TestEmailServerConfigCommand)
export class TestEmailServerConfigHandler implements ICommandHandler<
  TestEmailServerConfigCommand,
  SuccessMessageResponse
> {
  constructor(
    private readonly status: MailboxStatusStore,
    private readonly connections: MailConnections,
    private readonly box: SecretBox,
  ) {}

  async execute({ caller, request }: TestEmailServerConfigCommand): Promise<SuccessMessageResponse> {
    const previous = await this.status.settingsOf(caller.teamId);
    const invalid = validationMessage(request, {
      imap: Boolean(request.imapPassword) || Boolean(previous?.imapPasswordSealed),
      smtp: Boolean(request.smtpPassword) || Boolean(previous?.smtpPasswordSealed),
    });
    if (invalid) return { success: false, message: invalid };
    const settings = settingsFromRequest(previous?.configId ?? '', request, previous, (p) => this.box.seal(p));
    const secrets = [request.imapPassword, request.smtpPassword];
    try {
      await this.connections.listFolders(settings);
    } catch (error) {
      return { success: false, message: `IMAP connection failed: ${describeMailError(error, secrets)}` };
    }
    try {
      await this.connections.verifySmtp(settings);
    } catch (error) {
      return { success: false, message: `SMTP connection failed: ${describeMailError(error, secrets)}` };
    }
    return { success: true, message: 'Connection successful' };
  }
}
