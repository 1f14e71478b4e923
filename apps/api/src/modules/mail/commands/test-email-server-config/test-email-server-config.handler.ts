import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SuccessMessageResponse } from '@teaminbox/contracts';
import { SecretBox } from '../../../../platform/crypto';
import { describeMailError, MailConnections } from '../../infrastructure/imap/mail-connections';
import { settingsFromRequest, validationMessage } from '../../domain/mailbox-settings';
import { MailboxStatusStore } from '../../infrastructure/imap/mailbox-status.store';
import { MailboxRateLimits } from '../../mailbox-rate-limits';
import { TestEmailServerConfigCommand } from './test-email-server-config.command';

/**
 * POST /email-server-config/test (ADMIN and MAINTAINER): logs in to IMAP and lists folders, then verifies SMTP, each
 * within the connection timeouts. A missing password comes from the stored configuration only while the request
 * names the same server, port, username, TLS mode and authentication. Messages never carry a password.
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
    private readonly limits: MailboxRateLimits,
  ) {}

  async execute({ caller, request }: TestEmailServerConfigCommand): Promise<SuccessMessageResponse> {
    await this.limits.hit('test', caller.teamId);
    const previous = await this.status.settingsOf(caller.teamId);
    const invalid = validationMessage(request, previous);
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
