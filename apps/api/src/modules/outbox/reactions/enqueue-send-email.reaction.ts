import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Reaction } from '../../../platform/projections/projection';
import { isOutboxEvent } from '../domain/outbox-events';
import { JobQueue } from '../jobs/job-queue';

/** Turns each ReplyQueued into a send-email job, inserted in the transaction that advances its checkpoint. */
@Injectable()
export class EnqueueSendEmailReaction implements Reaction {
  readonly name = 'outbox-send-email';
  readonly eventTypes = ['ReplyQueued'] as const;

  constructor(private readonly queue: JobQueue) {}

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      if (!isOutboxEvent(event, 'ReplyQueued')) continue;
      const { replyId, emailId, teamId } = event.data;
      await this.queue.enqueueSendEmail({ replyId, emailId, teamId }, tx);
    }
  }
}
