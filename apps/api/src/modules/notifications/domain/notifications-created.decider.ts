import type { CreatedNotification, StoredNotificationsCreated } from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';
import { notificationsCreatedOf } from './notifications-created';

/** One stream per event that caused notifications: its id names the cause, never a person. */
export const notificationsStreamId = (causeEventId: string) => `notifications-${causeEventId}`;

export interface CreateNotifications {
  type: 'CreateNotifications';
  teamId: string;
  causeEventId: string;
  causeType: string;
  /** As decideNotifications gave them: recorded with each text once (notificationsCreatedOf). */
  notifications: CreatedNotification[];
  /** The sender of the email the notifications are about (their key seals the messages). */
  correspondent?: string;
}

/** Decided in the current form; the stream's history may hold the form before (read as it is). */
export type NotificationsCreatedEvent = { type: 'NotificationsCreated'; data: StoredNotificationsCreated };

/**
 * The notifications of one cause (stream `notifications-<causeEventId>`): created once. Handling the cause again
 * (after a crash, a restart, a second process) finds the stream and decides nothing, so each (cause, recipient)
 * notifies once; a decision for nobody records nothing.
 */
export const notificationsCreatedDecider: Decider<
  CreateNotifications,
  NotificationsCreatedEvent,
  { created: boolean }
> = {
  eventTypes: ['NotificationsCreated'],
  initialState: () => ({ created: false }),
  decide(command, state) {
    if (state.created || command.notifications.length === 0) return [];
    const { notifications, ...cause } = command;
    return [{ type: 'NotificationsCreated', data: notificationsCreatedOf(cause, notifications) }];
  },
  evolve: () => ({ created: true }),
};
