import type {
  AllNotificationsRead,
  NotificationRead,
  NotificationsSnoozed,
  NotificationsUnsnoozed,
  SnoozeMinutes,
} from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';
import { comparePositions, type Position } from '../../../platform/event-store/event-store.port';

export const notificationInboxStreamId = (userId: string) => `notification-inbox-${userId}`;

/** A notification of the user as the read model has it: its id and the position of the event that created it. */
export interface OwnNotification {
  notificationId: string;
  position: Position;
  read: boolean;
}

export type NotificationInboxCommand =
  | { type: 'MarkNotificationRead'; userId: string; notification: OwnNotification; now: Date }
  | { type: 'MarkAllNotificationsRead'; userId: string; newest: Position | null; now: Date }
  | { type: 'SnoozeNotifications'; userId: string; minutes: SnoozeMinutes; now: Date }
  | { type: 'UnsnoozeNotifications'; userId: string; now: Date };

export type NotificationInboxEvent =
  | { type: 'NotificationRead'; data: NotificationRead }
  | { type: 'AllNotificationsRead'; data: AllNotificationsRead }
  | { type: 'NotificationsSnoozed'; data: NotificationsSnoozed }
  | { type: 'NotificationsUnsnoozed'; data: NotificationsUnsnoozed };

export interface NotificationInboxState {
  read: Set<string>;
  /** Every notification up to this position is read. */
  readUpTo: Position | null;
  snoozedUntil: Date | null;
}

export const NOTIFICATION_INBOX_EVENT_TYPES = [
  'NotificationRead',
  'AllNotificationsRead',
  'NotificationsSnoozed',
  'NotificationsUnsnoozed',
] as const;

const positionOf = (upTo: AllNotificationsRead['upTo']): Position => ({
  commit: BigInt(upTo.commit),
  prepare: BigInt(upTo.prepare),
});

function isRead(state: NotificationInboxState, notification: OwnNotification): boolean {
  return (
    notification.read ||
    state.read.has(notification.notificationId) ||
    (state.readUpTo !== null && comparePositions(notification.position, state.readUpTo) <= 0)
  );
}

/**
 * What a user does with their notifications (stream `notification-inbox-<userId>`): read one, read all they have,
 * snooze for 15, 60 or 240 minutes, end the snooze. Reading what is read already, or all when nothing is newer than
 * the last "all read", records nothing. The notifications themselves are created by the process manager on their
 * own streams; the handler passes the caller's notification as the read model has it (another user's is not found
 * before this decider runs).
 */
export const notificationInboxDecider: Decider<
  NotificationInboxCommand,
  NotificationInboxEvent,
  NotificationInboxState
> = {
  eventTypes: NOTIFICATION_INBOX_EVENT_TYPES,
  initialState: () => ({ read: new Set(), readUpTo: null, snoozedUntil: null }),

  decide(command, state) {
    switch (command.type) {
      case 'MarkNotificationRead':
        if (isRead(state, command.notification)) return [];
        return [
          {
            type: 'NotificationRead',
            data: {
              userId: command.userId,
              notificationId: command.notification.notificationId,
              readAt: command.now.toISOString(),
            },
          },
        ];
      case 'MarkAllNotificationsRead': {
        const newest = command.newest;
        if (!newest || (state.readUpTo && comparePositions(newest, state.readUpTo) <= 0)) return [];
        return [
          {
            type: 'AllNotificationsRead',
            data: {
              userId: command.userId,
              readAt: command.now.toISOString(),
              upTo: { commit: newest.commit.toString(), prepare: newest.prepare.toString() },
            },
          },
        ];
      }
      case 'SnoozeNotifications': {
        const until = new Date(command.now.getTime() + command.minutes * 60_000);
        return [
          {
            type: 'NotificationsSnoozed',
            data: { userId: command.userId, minutes: command.minutes, snoozedUntil: until.toISOString() },
          },
        ];
      }
      case 'UnsnoozeNotifications':
        if (!state.snoozedUntil || state.snoozedUntil.getTime() <= command.now.getTime()) return [];
        return [{ type: 'NotificationsUnsnoozed', data: { userId: command.userId } }];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'NotificationRead':
        return { ...state, read: new Set(state.read).add(event.data.notificationId) };
      case 'AllNotificationsRead':
        return { ...state, read: new Set(), readUpTo: positionOf(event.data.upTo) };
      case 'NotificationsSnoozed':
        return { ...state, snoozedUntil: new Date(event.data.snoozedUntil) };
      case 'NotificationsUnsnoozed':
        return { ...state, snoozedUntil: null };
      default: {
        const unknown: never = event;
        throw new Error(`Unknown event ${String(unknown)}`);
      }
    }
  },
};
