import { Query } from '@nestjs/cqrs';
import type { ScheduledSend } from '@teaminbox/contracts';

/** The team's replies, forwards and new emails waiting for their send time, soonest first. */
export class ListScheduledSendsQuery extends Query<ScheduledSend[]> {
  constructor(readonly teamId: string) {
    super();
  }
}
