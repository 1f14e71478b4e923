import { Injectable } from '@nestjs/common';
import type { EmailSnoozed, ReminderSet } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Reaction } from '../../../platform/projections/projection';
import { type WakeUpJob, WakeUpQueue } from '../infrastructure/wake-up-queue';

export const SCHEDULE_WAKE_UPS_REACTION = 'schedule-wake-ups';

/**
 * Each snooze and each reminder becomes a durable wake-up job due at its time, inserted in the reaction's checkpoint
 * transaction: the job exists exactly when the checkpoint moved past its event. It starts at the head of the log
 * (the feature is newer than the log); a rebuild of projections does not run it.
 */
@Injectable()
export class ScheduleWakeUpsReaction implements Reaction {
  readonly name = SCHEDULE_WAKE_UPS_REACTION;
  readonly eventTypes = ['EmailSnoozed', 'ReminderSet'] as const;
  readonly startAt = 'head' as const;

  constructor(private readonly queue: WakeUpQueue) {}

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const jobs: WakeUpJob[] = [];
    for (const event of events) {
      if (event.type === 'EmailSnoozed') {
        const { emailId, teamId, snoozeId, until } = event.data as EmailSnoozed;
        jobs.push({ kind: 'snooze', emailId, teamId, snoozeId, dueAt: until });
      } else if (event.type === 'ReminderSet') {
        const { emailId, teamId, reminderId, dueAt } = event.data as ReminderSet;
        jobs.push({ kind: 'reminder', emailId, teamId, reminderId, dueAt });
      }
    }
    await this.queue.schedule(jobs, tx);
  }
}
