import { Inject, Injectable } from '@nestjs/common';
import type { EmailServerConfig, TEmailServerConfigRequest } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { SecretBox } from '../../../../platform/crypto';
import { EVENT_STORE, type EventStore } from '../../../../platform/event-store/event-store.port';
import { DomainError } from '../../../shared/domain-error';
import { newCorrelationId, toNewEvents } from '../../../shared/domain-event';
import { ReadYourWrites } from '../../../shared/read-your-writes';
import { mailboxDecider, type MailboxEvent, MAILBOX_EVENT_TYPES } from '../../domain/mailbox.decider';
import { mailboxStreamId, settingsFromRequest, toConfigDto, validationMessage } from '../../domain/mailbox-settings';
import { MailboxSupervisor } from '../../ingestion/mailbox-supervisor';
import { MailboxStatusStore } from '../../ingestion/mailbox-status.store';
import { MailboxTeam } from '../../mailbox-team';
import { MAILBOX_CONFIG_PROJECTION } from '../../projections/mailbox-config.projection';

/**
 * POST and PUT /email-server-config (ADMIN and MAINTAINER): validate the merged configuration (a stored password
 * only while its server stays the same), seal new passwords, append to `mailbox-<teamId>` with the change for the
 * team's history, wait for the read model, then restart (or stop) the team's worker.
 */
@Injectable()
export class SaveEmailServerConfigHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly team: MailboxTeam,
    private readonly box: SecretBox,
    private readonly readYourWrites: ReadYourWrites,
    private readonly status: MailboxStatusStore,
    private readonly supervisor: MailboxSupervisor,
  ) {}

  async execute(userId: string, request: TEmailServerConfigRequest): Promise<EmailServerConfig> {
    const teamId = await this.team.managedBy(userId);
    const streamId = mailboxStreamId(teamId);
    const stored = await this.store.readStream(streamId);
    const history = stored
      .filter((event) => (MAILBOX_EVENT_TYPES as readonly string[]).includes(event.type))
      .map((event) => ({ type: event.type, data: event.data }) as MailboxEvent);
    const state = history.reduce(mailboxDecider.evolve, mailboxDecider.initialState());
    const previous = state.status === 'configured' ? state.settings : null;

    const invalid = validationMessage(request, previous);
    if (invalid) throw new DomainError('invalid', invalid);

    const settings = settingsFromRequest(previous?.configId ?? uuidv7(), request, previous, (p) => this.box.seal(p));
    const events = mailboxDecider.decide({ type: 'SaveMailboxSettings', teamId, settings }, state);
    if (events.length > 0) {
      const context = { actorUserId: userId, teamId, correlationId: newCorrelationId() };
      const appended = await this.store.appendToStream(
        streamId,
        toNewEvents(events, context),
        stored.length === 0 ? 'no_stream' : stored[stored.length - 1].streamVersion,
      );
      await this.readYourWrites.waitFor(appended.position, [MAILBOX_CONFIG_PROJECTION]);
      await this.supervisor.reload(teamId);
    }
    return toConfigDto(settings, await this.status.statusOf(teamId));
  }
}
