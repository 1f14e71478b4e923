import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import { defaultNotificationPreferences, type NotificationType } from '@teaminbox/contracts';
import {
  decideNotifications,
  type NotificationCause,
  notificationsIdOf,
  recipientNotificationIdOf,
  type Recipient,
  type RecipientSettings,
} from './notification-decision';
import { member } from '../../../../test/notifications/recipients';

const now = new Date('2026-05-01T10:00:00Z');
const email = { emailId: 'email-1', subject: 'Invoice 42', fromName: 'Alice', fromEmail: 'alice@example.com' };

function settings(change: (s: RecipientSettings) => void = () => undefined): RecipientSettings {
  const s: RecipientSettings = defaultNotificationPreferences();
  change(s);
  return s;
}

const team = (...recipients: Recipient[]) => new Map(recipients.map((r) => [r.userId, r]));

const received = (suppressedByRule = false): NotificationCause => ({
  type: 'EMAIL_RECEIVED',
  eventId: 'event-1',
  email,
  suppressedByRule,
});
const assigned = (assigneeId: string, actorUserId: string | null): NotificationCause => ({
  type: 'TASK_ASSIGNED',
  eventId: 'event-2',
  email,
  assigneeId,
  actorUserId,
});
const commented = (authorId: string, mentions: string[], assigneeId: string | null): NotificationCause => ({
  type: 'COMMENT_ADDED',
  eventId: 'event-3',
  email,
  authorId,
  mentions,
  assigneeId,
});

const recipientsOf = (cause: NotificationCause, members: Map<string, Recipient>) =>
  decideNotifications(cause, members, now).notifications.map((n) => n.userId);

describe('who gets which notification', () => {
  it('notifies every member of a new email with the default message, a link and the id derived from the cause', () => {
    const decision = decideNotifications(received(), team(member('a'), member('b')), now);
    expect(decision.notifications).toEqual([
      {
        notificationId: notificationsIdOf('event-1'),
        userId: 'a',
        type: 'EMAIL_RECEIVED',
        title: 'New e-mail',
        message: 'New e-mail from Alice: Invoice 42',
        actionUrl: '/admin/email-detail/email-1',
        emailId: 'email-1',
        language: 'en',
        silent: false,
        channels: { email: true, push: true, slack: false },
      },
      expect.objectContaining({ userId: 'b', notificationId: notificationsIdOf('event-1') }),
    ]);
    expect(notificationsIdOf('event-1')).toBe(notificationsIdOf('event-1'));
    expect(notificationsIdOf('event-1')).not.toBe(notificationsIdOf('event-2'));
  });

  it("gives a cause's notifications the id of its NotificationsCreated: uuid v5 of the cause event id", () => {
    // The event's id, recorded as the notifications' id since: the derivation must never change.
    expect(notificationsIdOf('event-1')).toBe(uuidv5('event-1', '8c7d2b9e-4f1a-4d3b-9e6c-1a2b3c4d5e6f'));
    expect(notificationsIdOf('event-1')).not.toBe(recipientNotificationIdOf('event-1', 'a'));
  });

  it('derives the ids events recorded before were read with: uuid v5 of "<cause event id>\\n<user id>" in its namespace', () => {
    // Those events record no ids: these values pin the derivation, which must never change.
    const notificationIdOf = recipientNotificationIdOf;
    expect(notificationIdOf('event-1', 'a')).toBe('98c26541-1c5e-561a-a977-30fd82f05f09');
    expect(notificationIdOf('0b0c6f3e-7f6a-4f0e-9a51-6d1f3f0a2b11', 'łucja-č')).toBe(
      '5e48d843-b9ca-548b-a6d1-5cb4cb87dc04',
    );
    // The same once many later causes have pushed it out of the remembered ones.
    const later = Array.from({ length: 2_500 }, (_, i) => notificationIdOf(`cause-${i}`, 'a'));
    expect(new Set(later).size).toBe(2_500);
    expect(notificationIdOf('event-1', 'a')).toBe('98c26541-1c5e-561a-a977-30fd82f05f09');
    expect(notificationIdOf('cause-0', 'a')).toBe(later[0]);
  });

  it('derives the same ids as uuid v5 of the name in the namespace, for any cause and recipient', () => {
    const notificationIdOf = recipientNotificationIdOf;
    const namespace = 'f3a1c2d4-5b6e-4f70-8a9b-0c1d2e3f4a5b';
    const names: [string, string][] = Array.from({ length: 3_000 }, () => [randomUUID(), randomUUID()]);
    names.push(['', ''], ['x'.repeat(80), 'y'], ['ř'.repeat(40), 'ž'.repeat(39)], ['😀'.repeat(30), 'a'.repeat(200)]);
    for (const [cause, user] of names) {
      expect(notificationIdOf(cause, user)).toBe(uuidv5(Buffer.from(`${cause}\n${user}`, 'utf8'), namespace));
    }
  });

  it('never notifies an auditor: not of new mail, an assignment nor a mention', () => {
    const members = team(member('a'), member('auditor', { auditor: true }));
    expect(recipientsOf(received(), members)).toEqual(['a']);
    expect(recipientsOf(assigned('auditor', 'a'), members)).toEqual([]);
    expect(recipientsOf(commented('a', ['auditor'], null), members)).toEqual([]);
    expect(decideNotifications(commented('a', ['auditor'], null), members, now).skipped).toContainEqual({
      userId: 'auditor',
      reason: 'auditor',
    });
  });

  it('notifies nobody of an email a rule suppressed', () => {
    const decision = decideNotifications(received(true), team(member('a'), member('b')), now);
    expect(decision.notifications).toEqual([]);
    expect(decision.skipped).toEqual([
      { userId: 'a', reason: 'suppressed-by-rule' },
      { userId: 'b', reason: 'suppressed-by-rule' },
    ]);
  });

  it('notifies the assignee when someone else or a rule assigns, never for assigning oneself', () => {
    const members = team(member('a'), member('b'));
    expect(recipientsOf(assigned('b', 'a'), members)).toEqual(['b']);
    expect(recipientsOf(assigned('b', null), members)).toEqual(['b']);
    expect(recipientsOf(assigned('b', 'b'), members)).toEqual([]);
    expect(decideNotifications(assigned('b', 'b'), members, now).skipped).toEqual([
      { userId: 'b', reason: 'own-action' },
    ]);
    expect(decideNotifications(assigned('b', 'a'), members, now).notifications[0]).toMatchObject({
      type: 'TASK_ASSIGNED',
      title: 'Task assigned',
      message: 'You were assigned: Invoice 42',
    });
  });

  it('notifies the mentioned members and the assignee of a comment once each, not its author nor outsiders', () => {
    const members = team(member('a'), member('b'), member('c'), member('d'));
    expect(recipientsOf(commented('a', ['b', 'c', 'b'], 'c'), members)).toEqual(['b', 'c']);
    expect(recipientsOf(commented('a', [], 'd'), members)).toEqual(['d']);
    expect(recipientsOf(commented('a', ['a'], 'a'), members)).toEqual([]);
    const decision = decideNotifications(commented('a', ['outsider'], null), members, now);
    expect(decision.notifications).toEqual([]);
    expect(decision.skipped).toEqual([{ userId: 'outsider', reason: 'not-a-member' }]);
    expect(decideNotifications(commented('a', ['b'], null), members, now).notifications[0].message).toBe(
      'New comment on Invoice 42',
    );
  });

  it.each<NotificationType>(['EMAIL_RECEIVED', 'TASK_ASSIGNED', 'COMMENT_ADDED'])(
    'gives nothing of type %s when the member switched the type off',
    (type) => {
      const off = member('b', {
        settings: settings((s) => {
          s.notificationTypes[type].enabled = false;
        }),
      });
      const cause = {
        EMAIL_RECEIVED: received(),
        TASK_ASSIGNED: assigned('b', 'a'),
        COMMENT_ADDED: commented('a', ['b'], null),
      }[type];
      const decision = decideNotifications(cause, team(member('a'), off), now);
      expect(decision.notifications.map((n) => n.userId)).not.toContain('b');
      expect(decision.skipped).toContainEqual({ userId: 'b', reason: 'type-disabled' });
    },
  );

  it("tells of a returned task with its own type and words, following the settings of 'Assigned tasks'", () => {
    const returned = (reason: 'time' | 'reminder'): NotificationCause => ({
      type: 'TASK_RETURNED',
      eventId: `event-${reason}`,
      email,
      assigneeId: 'a',
      reason,
    });
    const czech: Recipient = { ...member('a'), language: 'cs' };
    expect(decideNotifications(returned('time'), team(member('a'), member('b')), now).notifications).toEqual([
      expect.objectContaining({
        userId: 'a',
        type: 'SNOOZE_ENDED',
        title: 'Back in your inbox',
        message: 'Snoozed e-mail is back: Invoice 42',
        channels: { email: true, push: true, slack: false },
      }),
    ]);
    expect(decideNotifications(returned('reminder'), team(czech), now).notifications).toEqual([
      expect.objectContaining({
        type: 'REMINDER_DUE',
        title: 'Zpět ve schránce',
        message: 'Zatím bez odpovědi: Invoice 42',
      }),
    ]);
    const noTasks: Recipient = {
      ...member('a'),
      settings: settings((s) => {
        s.notificationTypes.TASK_ASSIGNED.enabled = false;
      }),
    };
    expect(decideNotifications(returned('time'), team(noTasks), now).skipped).toEqual([
      { userId: 'a', reason: 'type-disabled' },
    ]);
    const noTaskEmails: Recipient = {
      ...member('a'),
      settings: settings((s) => {
        s.notificationTypes.TASK_ASSIGNED.emailEnabled = false;
        s.notificationTypes.TASK_ASSIGNED.customMessage = 'Yours: {taskName}';
      }),
    };
    expect(decideNotifications(returned('reminder'), team(noTaskEmails), now).notifications).toEqual([
      expect.objectContaining({
        message: 'No answer yet: Invoice 42',
        channels: { email: false, push: true, slack: false },
      }),
    ]);
  });

  it('takes each channel from the general switch and the type switch; Slack also needs a webhook', () => {
    const channelsWith = (change: (s: RecipientSettings) => void) =>
      decideNotifications(received(), team(member('a', { settings: settings(change) })), now).notifications[0].channels;
    expect(channelsWith(() => undefined)).toEqual({ email: true, push: true, slack: false });
    expect(
      channelsWith((s) => {
        s.emailNotificationsEnabled = false;
      }),
    ).toEqual({ email: false, push: true, slack: false });
    expect(
      channelsWith((s) => {
        s.notificationTypes.EMAIL_RECEIVED.browserPushEnabled = false;
      }),
    ).toEqual({ email: true, push: false, slack: false });
    expect(
      channelsWith((s) => {
        s.slackNotificationsEnabled = true;
        s.notificationTypes.EMAIL_RECEIVED.slackEnabled = true;
      }),
    ).toEqual({ email: true, push: true, slack: false });
    expect(
      channelsWith((s) => {
        s.slackNotificationsEnabled = true;
        s.slackWebhookUrl = 'https://hooks.slack.com/services/x';
        s.notificationTypes.EMAIL_RECEIVED.slackEnabled = true;
      }),
    ).toEqual({ email: true, push: true, slack: true });
    expect(
      channelsWith((s) => {
        s.slackNotificationsEnabled = false;
        s.slackWebhookUrl = 'https://hooks.slack.com/services/x';
        s.notificationTypes.EMAIL_RECEIVED.slackEnabled = true;
      }),
    ).toEqual({ email: true, push: true, slack: false });
  });

  it('gives a muted email no new-mail or comment notification, but still tells the member it was assigned to them', () => {
    const muted = member('b', { mutedEmail: true });
    const members = team(member('a'), muted);
    expect(recipientsOf(received(), members)).toEqual(['a']);
    expect(recipientsOf(commented('a', ['b'], null), members)).toEqual([]);
    expect(decideNotifications(commented('a', ['b'], null), members, now).skipped).toEqual([
      { userId: 'b', reason: 'muted' },
    ]);
    expect(recipientsOf(assigned('b', 'a'), members)).toEqual(['b']);
  });

  it('lists notifications of a snoozed member silently, without Slack and browser push, email still going', () => {
    const slackOn = settings((s) => {
      s.slackNotificationsEnabled = true;
      s.slackWebhookUrl = 'https://hooks.slack.com/services/x';
      s.notificationTypes.EMAIL_RECEIVED.slackEnabled = true;
    });
    const snoozed = member('a', { settings: slackOn, snoozedUntil: new Date(now.getTime() + 60_000) });
    const [n] = decideNotifications(received(), team(snoozed), now).notifications;
    expect(n).toMatchObject({ silent: true, channels: { email: true, push: false, slack: false } });

    const over = member('a', { settings: slackOn, snoozedUntil: new Date(now.getTime() - 1) });
    expect(decideNotifications(received(), team(over), now).notifications[0]).toMatchObject({
      silent: false,
      channels: { email: true, push: true, slack: true },
    });
  });

  it('gives a member on vacation no new-mail notifications and the others in the app only', () => {
    const away = member('b', { onVacation: true });
    const members = team(member('a'), away);
    const decision = decideNotifications(received(), members, now);
    expect(decision.notifications.map((n) => n.userId)).toEqual(['a']);
    expect(decision.skipped).toEqual([{ userId: 'b', reason: 'on-vacation' }]);
    const [n] = decideNotifications(assigned('b', 'a'), members, now).notifications;
    expect(n).toMatchObject({ userId: 'b', channels: { email: false, push: false, slack: false } });
  });

  it("writes each recipient's notification in their language with their custom message", () => {
    const czech = member('b', {
      language: 'cs',
      settings: settings((s) => {
        s.notificationTypes.EMAIL_RECEIVED.customMessage = '{sender} poslal(a) {subject}';
      }),
    });
    const [a, b] = decideNotifications(received(), team(member('a'), czech), now).notifications;
    expect(a).toMatchObject({ title: 'New e-mail', message: 'New e-mail from Alice: Invoice 42', language: 'en' });
    expect(b).toMatchObject({ title: 'Nový e-mail', message: 'Alice poslal(a) Invoice 42', language: 'cs' });
  });
});
