import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { emailStreamId } from '../../../conversations';
import { replyEventIdOf } from '../../domain/outbox-events';
import { replyDecider } from '../../domain/reply.decider';
import { RecordDeliveryCommand } from './record-delivery.command';

/** On the email's stream, by the system; a retried job records the same event id again (stored once). */
@CommandHandler(RecordDeliveryCommand)
export class RecordDeliveryHandler implements ICommandHandler<RecordDeliveryCommand, void> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ outcome }: RecordDeliveryCommand): Promise<void> {
    const { replyId, emailId, teamId } = outcome.data;
    const command =
      outcome.type === 'ReplySent'
        ? ({ type: 'RecordReplySent', data: outcome.data } as const)
        : ({ type: 'RecordReplyFailed', data: outcome.data } as const);
    await this.repository.decide(emailStreamId(emailId), replyDecider, command, {
      teamId,
      retries: 3,
      eventIds: () => replyEventIdOf(replyId, outcome.type),
    });
  }
}
