import { Injectable } from '@nestjs/common';
import type { SuccessMessageResponse, TEmailServerConfigRequest } from '@teaminbox/contracts';
import { SecretBox } from '../../../../platform/crypto';
import { describeMailError, MailConnections } from '../../connection/mail-connections';
import { settingsFromRequest, validationMessage } from '../../domain/mailbox-settings';
import { MailboxStatusStore } from '../../ingestion/mailbox-status.store';
import { MailboxRateLimits } from '../../mailbox-rate-limits';
import { MailboxTeam } from '../../mailbox-team';

/**
 * POST /email-server-config/test (ADMIN and MAINTAINER): logs in to IMAP and lists folders, then verifies SMTP, each
 * within the connection timeouts. A missing password comes from the stored configuration only while the request
 * names the same server, port, username, TLS mode and authentication. Messages never carry a password.
 */
@Injectable()
export class TestEmailServerConfigHandler {
  constructor(
    private readonly team: MailboxTeam,
    private readonly status: MailboxStatusStore,
    private readonly connections: MailConnections,
    private readonly box: SecretBox,
    private readonly limits: MailboxRateLimits,
  ) {}

  async execute(userId: string, request: TEmailServerConfigRequest): Promise<SuccessMessageResponse> {
    const teamId = await this.team.managedBy(userId);
    this.limits.hit('test', teamId);
    const previous = await this.status.settingsOf(teamId);
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
