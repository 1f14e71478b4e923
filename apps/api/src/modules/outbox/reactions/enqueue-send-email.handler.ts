import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { busEvent, type BusEvent } from '../../../platform/projections/domain-events';
import { JobQueue } from '../infrastructure/job-queue';

/**
 * Turns each ReplyQueued into a send-email job, due at the reply's `sendAt` (its undo window or "send later" time).
 * The job's id is the reply's, so handling the event again (after a crash, before the reaction's checkpoint moved)
 * inserts nothing new.
 */
@EventsHandler(busEvent('ReplyQueued'))
export class EnqueueSendEmailHandler implements IEventHandler<BusEvent<'ReplyQueued'>> {
  constructor(private readonly queue: JobQueue) {}

  async handle({ event }: BusEvent<'ReplyQueued'>): Promise<void> {
    const { replyId, emailId, teamId, sendAt } = event.data;
    await this.queue.enqueueSendEmail({ replyId, emailId, teamId }, sendAt);
  }
}
