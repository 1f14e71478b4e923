import {
  type CreatedNotification,
  defaultNotificationPreferences,
  type NotificationsCreatedPerRecipient,
} from '@teaminbox/contracts';
import { decideNotifications, notificationIdOf, type Recipient } from './notification-decision';
import { member } from '../../../../test/notifications/recipients';
import {
  checkedRecipients,
  createdNotifications,
  notificationsCreatedOf,
  notificationsOnChannels,
  pushRecipientIdsOf,
  recipientIdsOf,
} from './notifications-created';

const now = new Date('2026-05-01T10:00:00Z');
const email = { emailId: 'email-1', subject: 'Invoice 42', fromName: 'Alice', fromEmail: 'alice@example.com' };
const cause = { teamId: 't1', causeEventId: 'event-1', causeType: 'EmailReceived', correspondent: email.fromEmail };

function decided(...members: Recipient[]): CreatedNotification[] {
  return decideNotifications(
    { type: 'EMAIL_RECEIVED', eventId: 'event-1', email, suppressedByRule: false },
    new Map(members.map((m) => [m.userId, m])),
    now,
  ).notifications;
}

describe('the notifications of a NotificationsCreated', () => {
  it('record each text once and per recipient only what differs, and read back as decided', () => {
    const custom = defaultNotificationPreferences();
    custom.notificationTypes.EMAIL_RECEIVED.customMessage = 'Mail from {sender}';
    const notifications = decided(
      member('a'),
      member('b', { snoozedUntil: new Date('2026-05-01T11:00:00Z') }),
      member('c', { language: 'cs' }),
      member('d', { settings: custom }),
      member('e'),
    );
    const data = notificationsCreatedOf(cause, notifications);

    expect(data).toEqual({
      ...cause,
      type: 'EMAIL_RECEIVED',
      emailId: 'email-1',
      actionUrl: '/admin/email-detail/email-1',
      texts: [
        { title: 'New e-mail', message: 'New e-mail from Alice: Invoice 42' },
        { title: 'Nový e-mail', message: expect.stringContaining('Invoice 42') },
        { title: 'New e-mail', message: 'Mail from Alice' },
      ],
      recipients: [
        { userId: 'a', language: 'en', text: 0, silent: false, channels: notifications[0].channels },
        { userId: 'b', language: 'en', text: 0, silent: true, channels: notifications[1].channels },
        { userId: 'c', language: 'cs', text: 1, silent: false, channels: notifications[2].channels },
        { userId: 'd', language: 'en', text: 2, silent: false, channels: notifications[3].channels },
        { userId: 'e', language: 'en', text: 0, silent: false, channels: notifications[4].channels },
      ],
    });
    // Through the log and back (JSON), every notification is the one decided, its id derived again.
    expect(createdNotifications(JSON.parse(JSON.stringify(data)))).toEqual(notifications);
    expect(createdNotifications(data).map((n) => n.notificationId)).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((userId) => notificationIdOf('event-1', userId)),
    );
  });

  it('read the texts as they now read: an erased message is erased for every recipient', () => {
    const data = notificationsCreatedOf(cause, decided(member('a'), member('b'), member('c', { language: 'cs' })));
    const erased = { ...data, texts: data.texts.map((text) => ({ ...text, message: '[erased]' })) };

    expect(createdNotifications(erased).map((n) => [n.userId, n.title, n.message])).toEqual([
      ['a', 'New e-mail', '[erased]'],
      ['b', 'New e-mail', '[erased]'],
      ['c', 'Nový e-mail', '[erased]'],
    ]);
  });

  it('read an event recorded with one full notification per recipient exactly as it is stored', () => {
    const notifications = decided(member('a'), member('c', { language: 'cs' })).map((n, i) => ({
      ...n,
      // Recorded as they were decided then: nothing is derived again.
      notificationId: `stored-${i}`,
    }));
    const stored: NotificationsCreatedPerRecipient = {
      teamId: 't1',
      causeEventId: 'event-1',
      causeType: 'EmailReceived',
      notifications,
      correspondent: email.fromEmail,
    };

    expect(createdNotifications(JSON.parse(JSON.stringify(stored)))).toEqual(notifications);
  });

  it('cannot record notifications of different types or emails in one event', () => {
    const [a, b] = decided(member('a'), member('b'));
    expect(() => notificationsCreatedOf(cause, [a, { ...b, type: 'TASK_ASSIGNED' }])).toThrow(RangeError);
    expect(() => notificationsCreatedOf(cause, [a, { ...b, emailId: 'email-2' }])).toThrow(RangeError);
    expect(() => notificationsCreatedOf(cause, [])).toThrow(RangeError);
  });

  it('refuse an event whose recipient names a text it does not have', () => {
    const data = notificationsCreatedOf(cause, decided(member('a')));
    expect(() => createdNotifications({ ...data, recipients: [{ ...data.recipients[0], text: 3 }] })).toThrow(
      /names a text it does not have/,
    );
    // The list's insert checks the same before it sends the event's rows.
    expect(() => checkedRecipients({ ...data, recipients: [{ ...data.recipients[0], text: 3 }] })).toThrow(
      /names a text it does not have/,
    );
    expect(checkedRecipients(data)).toEqual(data.recipients);
  });

  it('name their recipients, and give the notifications that go out on a channel besides the app, in either form', () => {
    const inAppOnly = (userId: string) => {
      const settings = defaultNotificationPreferences();
      settings.emailNotificationsEnabled = false;
      settings.browserPushEnabled = false;
      return member(userId, { settings });
    };
    const notifications = decided(member('a'), inAppOnly('b'), member('c', { language: 'cs' }));
    expect(notifications.map((n) => n.channels.email || n.channels.push)).toEqual([true, false, true]);
    const lean = JSON.parse(JSON.stringify(notificationsCreatedOf(cause, notifications)));
    const stored: NotificationsCreatedPerRecipient = { ...cause, notifications };

    const withDevice = (userId: string) => userId === 'a' || userId === 'b';
    for (const data of [lean, stored]) {
      expect(recipientIdsOf(data)).toEqual(['a', 'b', 'c']);
      expect(pushRecipientIdsOf(data)).toEqual(['a', 'c']);
      expect(notificationsOnChannels(data, withDevice)).toEqual([notifications[0], notifications[2]]);
    }
    // Also once the event was expanded for the list.
    createdNotifications(lean);
    expect(notificationsOnChannels(lean, withDevice)).toEqual([notifications[0], notifications[2]]);
    // A push to a recipient without a device delivers nothing: only the email channel is left for them.
    const pushOnly = (userId: string) => {
      const settings = defaultNotificationPreferences();
      settings.emailNotificationsEnabled = false;
      return member(userId, { settings });
    };
    const pushed = decided(pushOnly('a'), pushOnly('b'));
    expect(pushed.map((n) => [n.channels.email, n.channels.push])).toEqual([
      [false, true],
      [false, true],
    ]);
    const pushedLean = JSON.parse(JSON.stringify(notificationsCreatedOf(cause, pushed)));
    expect(notificationsOnChannels(pushedLean, (userId) => userId === 'b')).toEqual([pushed[1]]);
    expect(notificationsOnChannels(pushedLean, () => false)).toEqual([]);
  });
});
