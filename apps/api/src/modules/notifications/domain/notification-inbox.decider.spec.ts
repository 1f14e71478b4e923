import { deciderSpecification } from '../../../../test/support/decider-specification';
import { notificationInboxDecider, type NotificationInboxEvent } from './notification-inbox.decider';

const spec = deciderSpecification(notificationInboxDecider);
const now = new Date('2026-05-01T10:00:00.000Z');
const at = (commit: bigint, prepare = 1n) => ({ commit, prepare });
const own = (notificationId: string, position = at(10n), read = false) => ({ notificationId, position, read });
const readAll = (commit: bigint): NotificationInboxEvent => ({
  type: 'AllNotificationsRead',
  data: { userId: 'u1', readAt: now.toISOString(), upTo: { commit: commit.toString(), prepare: '1' } },
});

describe('notification inbox decider', () => {
  it('reads a notification once', () => {
    const read: NotificationInboxEvent = {
      type: 'NotificationRead',
      data: { userId: 'u1', notificationId: 'n1', readAt: now.toISOString() },
    };
    spec
      .given([])
      .when({ type: 'MarkNotificationRead', userId: 'u1', notification: own('n1'), now })
      .then([read]);
    spec
      .given([read])
      .when({ type: 'MarkNotificationRead', userId: 'u1', notification: own('n1'), now })
      .then([]);
    spec
      .given([])
      .when({ type: 'MarkNotificationRead', userId: 'u1', notification: own('n1', at(10n), true), now })
      .then([]);
  });

  it('reads everything up to the newest notification the user has, and nothing again', () => {
    spec
      .given([])
      .when({ type: 'MarkAllNotificationsRead', userId: 'u1', newest: at(20n), now })
      .then([readAll(20n)]);
    spec
      .given([readAll(20n)])
      .when({ type: 'MarkAllNotificationsRead', userId: 'u1', newest: at(20n), now })
      .then([]);
    spec.given([]).when({ type: 'MarkAllNotificationsRead', userId: 'u1', newest: null, now }).then([]);
    spec
      .given([readAll(20n)])
      .when({ type: 'MarkNotificationRead', userId: 'u1', notification: own('n1', at(15n)), now })
      .then([]);
    spec
      .given([readAll(20n)])
      .when({ type: 'MarkNotificationRead', userId: 'u1', notification: own('n2', at(25n)), now })
      .then([{ type: 'NotificationRead', data: { userId: 'u1', notificationId: 'n2', readAt: now.toISOString() } }]);
  });

  it('snoozes for the chosen minutes and ends a running snooze only', () => {
    const snoozed: NotificationInboxEvent = {
      type: 'NotificationsSnoozed',
      data: { userId: 'u1', minutes: 240, snoozedUntil: '2026-05-01T14:00:00.000Z' },
    };
    spec.given([]).when({ type: 'SnoozeNotifications', userId: 'u1', minutes: 240, now }).then([snoozed]);
    spec
      .given([snoozed])
      .when({ type: 'UnsnoozeNotifications', userId: 'u1', now })
      .then([{ type: 'NotificationsUnsnoozed', data: { userId: 'u1' } }]);
    spec.given([]).when({ type: 'UnsnoozeNotifications', userId: 'u1', now }).then([]);
    spec
      .given([snoozed])
      .when({ type: 'UnsnoozeNotifications', userId: 'u1', now: new Date('2026-05-01T15:00:00.000Z') })
      .then([]);
  });
});
