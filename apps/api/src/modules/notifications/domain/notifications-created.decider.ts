import type { CreatedNotification, NotificationsCreated } from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';

/** One stream per event that caused notifications: its id names the cause, never a person. */
export const notificationsStreamId = (causeEventId: string) => `notifications-${causeEventId}`;

export interface CreateNotifications {
  type: 'CreateNotifications';
  teamId: string;
  causeEventId: string;
  causeType: string;
  notifications: CreatedNotification[];
  /** The sender of the email the notifications are about (their key seals the messages). */
  correspondent?: string;
}

export type NotificationsCreatedEvent = { type: 'NotificationsCreated'; data: NotificationsCreated };

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
    const { teamId, causeEventId, causeType, notifications, correspondent } = command;
    const data: NotificationsCreated = { teamId, causeEventId, causeType, notifications };
    return [{ type: 'NotificationsCreated', data: correspondent ? { ...data, correspondent } : data }];
  },
  evolve: () => ({ created: true }),
};
