import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { v5 as uuidv5 } from 'uuid';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import type { Position } from '../../../../platform/event-store/event-store.port';
import { emailDecider, emailStreamId } from '../../domain/email.decider';
import { ReceiveEmailCommand } from './receive-email.command';

/** Namespace of the ids of the events that follow the given one in the same append (uuid v5). */
const FOLLOWING_EVENT_NAMESPACE = '67b6381b-d095-47de-9d97-7a1316202f67';

/**
 * Sent by mail ingestion (the system acts, or the member who retries a quarantined message). A new message's stream
 * is new, so it is not read first; a retry's stream exists. The first event gets the given id, any following one
 * (the release from the quarantine) an id derived from it, so a repeated command records nothing twice.
 */
@CommandHandler(ReceiveEmailCommand)
export class ReceiveEmailHandler implements ICommandHandler<ReceiveEmailCommand, Position | null> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ eventId, message }: ReceiveEmailCommand): Promise<Position | null> {
    const { emailId, teamId } = message.data;
    const retry = message.type === 'ReleaseFromQuarantine' || (message.type === 'QuarantineEmail' && message.retried);
    const appended = await this.repository.decide(emailStreamId(emailId), emailDecider, message, {
      teamId,
      expectNew: !retry,
      eventIds: (event, index) =>
        index === 0 ? eventId : uuidv5(`${eventId}\n${event.type}`, FOLLOWING_EVENT_NAMESPACE),
    });
    return appended?.position ?? null;
  }
}
