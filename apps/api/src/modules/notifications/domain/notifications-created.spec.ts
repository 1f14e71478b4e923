import {
  type CreatedNotification,
  defaultNotificationPreferences,
  type NotificationsCreated,
  type NotificationsCreatedByRecipient,
  type NotificationsCreatedPerRecipient,
} from '@teaminbox/contracts';
import {
  decideNotifications,
  notificationsIdOf,
  recipientNotificationIdOf,
  type Recipient,
} from './notification-decision';
import { member } from '../../../../test/notifications/recipients';
import {
  checkedRecipients,
  createdNotifications,
  notificationsCreatedOf,
  notificationsOnChannels,
  pushRecipientIdsOf,
  recipientIdsOf,
  sameNotificationsOf,
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
  it('record each text once and the recipients in groups told alike, and read back as decided', () => {
    const custom = defaultNotificationPreferences();
    custom.notificationTypes.EMAIL_RECEIVED.customMessage = 'Mail from {sender}';
    const inAppOnly = defaultNotificationPreferences();
    inAppOnly.emailNotificationsEnabled = false;
    const notifications = decided(
      member('a'),
      member('b', { snoozedUntil: new Date('2026-05-01T11:00:00Z') }),
      member('c', { language: 'cs' }),
      member('d', { settings: custom }),
      member('e'),
      member('f', { settings: inAppOnly }),
      member('g'),
    );
    const [a, b, c, d, e, f, g] = notifications;
    expect(f.channels).not.toEqual(a.channels);
    const data = notificationsCreatedOf(cause, notifications);

    expect(data).toEqual({
      notificationId: notificationsIdOf('event-1'),
      ...cause,
      type: 'EMAIL_RECEIVED',
      emailId: 'email-1',
      actionUrl: '/admin/email-detail/email-1',
      texts: [
        { title: 'New e-mail', message: 'New e-mail from Alice: Invoice 42' },
        { title: 'Nový e-mail', message: expect.stringContaining('Invoice 42') },
        { title: 'New e-mail', message: 'Mail from Alice' },
      ],
      groups: [
        { userIds: ['a', 'e', 'g'], language: 'en', text: 0, silent: false, channels: a.channels },
        { userIds: ['b'], language: 'en', text: 0, silent: true, channels: b.channels },
        { userIds: ['c'], language: 'cs', text: 1, silent: false, channels: c.channels },
        { userIds: ['d'], language: 'en', text: 2, silent: false, channels: d.channels },
        { userIds: ['f'], language: 'en', text: 0, silent: false, channels: f.channels },
      ],
    });
    // Through the log and back (JSON), every notification is the one decided (groups in order), with the event's id.
    const grouped = [a, e, g, b, c, d, f];
    expect(createdNotifications(JSON.parse(JSON.stringify(data)))).toEqual(grouped);
    expect(new Set(createdNotifications(data).map((n) => n.notificationId))).toEqual(
      new Set([notificationsIdOf('event-1')]),
    );
    // The recipients who got the very same notification: one entry per group, not per recipient.
    const same = sameNotificationsOf(JSON.parse(JSON.stringify(data)));
    expect(same.map(({ userIds }) => userIds)).toEqual([['a', 'e', 'g'], ['b'], ['c'], ['d'], ['f']]);
    const { userId: _a, ...shared } = a;
    expect(same[0].notification).toEqual(shared);
    expect(same[1].notification).toEqual({ ...shared, silent: true, channels: b.channels });
  });

  it('read an event recorded in groups before the notifications shared its id with an id per recipient', () => {
    const notifications = decided(member('a'), member('b'), member('c', { language: 'cs' }));
    const { notificationId: _id, ...before } = notificationsCreatedOf(cause, notifications);
    const stored = JSON.parse(JSON.stringify(before)) as NotificationsCreated;
    const ids = ['a', 'b', 'c'].map((userId) => recipientNotificationIdOf('event-1', userId));

    expect(createdNotifications(stored)).toEqual(notifications.map((n, i) => ({ ...n, notificationId: ids[i] })));
    // Each recipient's notification is their own: none is the same as another's.
    expect(
      sameNotificationsOf(stored).map(({ userIds, notification }) => [userIds, notification.notificationId]),
    ).toEqual([
      [['a'], ids[0]],
      [['b'], ids[1]],
      [['c'], ids[2]],
    ]);
  });

  it('in a team whose members keep the defaults, record one group, under half the size of the recipients apart', () => {
    const members = Array.from({ length: 50 }, (_, i) =>
      member(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
    );
    const notifications = decided(...members);
    const data = notificationsCreatedOf(cause, notifications);

    expect(data.groups).toHaveLength(1);
    expect(data.groups[0].userIds).toEqual(members.map((m) => m.userId));
    const { groups: _groups, notificationId: _id, ...withTexts } = data;
    const byRecipient: NotificationsCreatedByRecipient = { ...withTexts, recipients: checkedRecipients(data).slice() };
    expect(JSON.stringify(data).length).toBeLessThan(JSON.stringify(byRecipient).length / 2);
    expect(createdNotifications(JSON.parse(JSON.stringify(data)))).toEqual(notifications);
  });

  it('are made once per decision: the same notifications give the same payload, another cause its own', () => {
    const notifications = decided(member('a'), member('b', { language: 'cs' }));
    const data = notificationsCreatedOf(cause, notifications);

    expect(notificationsCreatedOf({ ...cause }, notifications)).toBe(data);
    const other = notificationsCreatedOf({ ...cause, causeEventId: 'event-2' }, notifications);
    expect(other).not.toBe(data);
    expect(other).toEqual({ ...data, causeEventId: 'event-2' });
    expect(notificationsCreatedOf(cause, [...notifications])).toEqual(data);
  });

  it('read an event recorded with each recipient apart (the form before the groups) as it was decided', () => {
    const notifications = decided(member('a'), member('b', { language: 'cs' }), member('c')).map((n) => ({
      ...n,
      // Each recipient's id was derived then: the event records none.
      notificationId: recipientNotificationIdOf('event-1', n.userId),
    }));
    const {
      groups: _groups,
      notificationId: _id,
      ...withTexts
    } = notificationsCreatedOf(cause, decided(member('a'), member('b', { language: 'cs' }), member('c')));
    const stored: NotificationsCreatedByRecipient = {
      ...withTexts,
      recipients: notifications.map((n) => ({
        userId: n.userId,
        language: n.language,
        text: n.language === 'cs' ? 1 : 0,
        silent: n.silent,
        channels: n.channels,
      })),
    };

    expect(createdNotifications(JSON.parse(JSON.stringify(stored)))).toEqual(notifications);
    expect(recipientIdsOf(stored)).toEqual(['a', 'b', 'c']);
    expect(pushRecipientIdsOf(stored)).toEqual(notifications.filter((n) => n.channels.push).map((n) => n.userId));
    expect(notificationsOnChannels(stored, () => true)).toEqual(
      notifications.filter((n) => n.channels.email || n.channels.slack || n.channels.push),
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

  it('cannot record notifications of different types, emails or ids in one event', () => {
    const [a, b] = decided(member('a'), member('b'));
    expect(() => notificationsCreatedOf(cause, [a, { ...b, type: 'TASK_ASSIGNED' }])).toThrow(RangeError);
    expect(() => notificationsCreatedOf(cause, [a, { ...b, emailId: 'email-2' }])).toThrow(RangeError);
    expect(() => notificationsCreatedOf(cause, [a, { ...b, notificationId: 'another' }])).toThrow(RangeError);
    expect(() => notificationsCreatedOf(cause, [])).toThrow(RangeError);
  });

  it('refuse an event whose recipient names a text it does not have', () => {
    const data = notificationsCreatedOf(cause, decided(member('a')));
    const wrong: NotificationsCreated = { ...data, groups: [{ ...data.groups[0], text: 3 }] };
    expect(() => createdNotifications(wrong)).toThrow(/names a text it does not have/);
    // The list's insert checks the same before it sends the event's rows.
    expect(() => checkedRecipients({ ...data, groups: [{ ...data.groups[0], text: 3 }] })).toThrow(
      /names a text it does not have/,
    );
    const [{ userIds: _ids, ...told }] = data.groups;
    expect(checkedRecipients(data)).toEqual([{ userId: 'a', ...told }]);
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
