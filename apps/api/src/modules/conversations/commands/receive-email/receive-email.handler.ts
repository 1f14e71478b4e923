import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { emailDecider, emailStreamId } from '../../domain/email.decider';
import { ReceiveEmailCommand } from './receive-email.command';

/** Sent by mail ingestion (the system acts); the stream is new, so it is not read first. */
@CommandHandler(ReceiveEmailCommand)
export class ReceiveEmailHandler implements ICommandHandler<ReceiveEmailCommand, void> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ eventId, message }: ReceiveEmailCommand): Promise<void> {
    const { emailId, teamId } = message.data;
    await this.repository.decide(emailStreamId(emailId), emailDecider, message, {
      teamId,
      expectNew: true,
      eventIds: () => eventId,
    });
  }
}
