import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EmailServerConfig, MailboxSettings } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { SecretBox } from '../../../../platform/crypto';
import { DomainError, EventSourcedRepository } from '../../../../platform/event-sourcing';
import { mailboxDecider } from '../../domain/mailbox.decider';
import { mailboxStreamId, settingsFromRequest, toConfigDto, validationMessage } from '../../domain/mailbox-settings';
import { MailboxSupervisor } from '../../infrastructure/imap/mailbox-supervisor';
import { MailboxStatusStore } from '../../infrastructure/imap/mailbox-status.store';
import { MAILBOX_CONFIG_PROJECTION } from '../../projections/mailbox-config.projection';
import { SaveEmailServerConfigCommand } from './save-email-server-config.command';

/**
 * POST and PUT /email-server-config (ADMIN and MAINTAINER): validates the configuration merged with the stored one (a
 * stored password only while its server stays the same), seals new passwords, decides on `mailbox-<teamId>` (with the
 * change for the team's history), waits for the read model, then restarts (or stops) the team's worker.
 */
@CommandHandler(SaveEmailServerConfigCommand)
export class SaveEmailServerConfigHandler implements ICommandHandler<SaveEmailServerConfigCommand, EmailServerConfig> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly box: SecretBox,
    private readonly status: MailboxStatusStore,
    private readonly supervisor: MailboxSupervisor,
  ) {}

  async execute({ caller: { teamId }, request }: SaveEmailServerConfigCommand): Promise<EmailServerConfig> {
    let settings: MailboxSettings | undefined;
    const appended = await this.repository.decide(
      mailboxStreamId(teamId),
      mailboxDecider,
      (state) => {
        const previous = state.status === 'configured' ? state.settings : null;
        const invalid = validationMessage(request, previous);
        if (invalid) throw new DomainError('invalid', invalid);
        settings = settingsFromRequest(previous?.configId ?? uuidv7(), request, previous, (p) => this.box.seal(p));
        return { type: 'SaveMailboxSettings', teamId, settings };
      },
      { waitFor: [MAILBOX_CONFIG_PROJECTION] },
    );
    if (appended) await this.supervisor.reload(teamId);
    return toConfigDto(settings as MailboxSettings, await this.status.statusOf(teamId));
  }
}
