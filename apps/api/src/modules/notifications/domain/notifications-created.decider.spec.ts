import type { CreatedNotification } from '@teaminbox/contracts';
import { deciderSpecification } from '../../../../test/support/decider-specification';
import { notificationsIdOf } from './notification-decision';
import { notificationsCreatedDecider } from './notifications-created.decider';

const spec = deciderSpecification(notificationsCreatedDecider);
const notification: CreatedNotification = {
  notificationId: notificationsIdOf('event-1'),
  userId: 'u1',
  type: 'EMAIL_RECEIVED',
  title: 'New e-mail',
  message: 'm',
  actionUrl: '/admin/email-detail/e1',
  emailId: 'e1',
  language: 'en',
  silent: false,
  channels: { email: true, slack: false, push: true },
};
const command = (notifications = [notification]) => ({
  type: 'CreateNotifications' as const,
  teamId: 't1',
  causeEventId: 'event-1',
  causeType: 'EmailReceived',
  notifications,
});
const created = {
  type: 'NotificationsCreated' as const,
  data: {
    notificationId: notificationsIdOf('event-1'),
    teamId: 't1',
    causeEventId: 'event-1',
    causeType: 'EmailReceived',
    type: 'EMAIL_RECEIVED' as const,
    emailId: 'e1',
    actionUrl: '/admin/email-detail/e1',
    texts: [{ title: 'New e-mail', message: 'm' }],
    groups: [{ userIds: ['u1'], language: 'en' as const, text: 0, silent: false, channels: notification.channels }],
  },
};

describe('notifications of one cause', () => {
  it('are created once, however often the cause is handled', () => {
    spec.given([]).when(command()).then([created]);
    spec.given([created]).when(command()).then([]);
  });

  it('are not created again when the cause was recorded in the form of one full notification per recipient', () => {
    const before = {
      type: 'NotificationsCreated' as const,
      data: { teamId: 't1', causeEventId: 'event-1', causeType: 'EmailReceived', notifications: [notification] },
    };
    spec.given([before]).when(command()).then([]);
  });

  it('are not created again when the cause was recorded with each recipient apart (the form before the groups)', () => {
    const { groups: _groups, ...withTexts } = created.data;
    const before = {
      type: 'NotificationsCreated' as const,
      data: {
        ...withTexts,
        recipients: [
          { userId: 'u1', language: 'en' as const, text: 0, silent: false, channels: notification.channels },
        ],
      },
    };
    spec.given([before]).when(command()).then([]);
  });

  it("records the email's sender, whose key seals the messages, when the cause names one", () => {
    spec
      .given([])
      .when({ ...command(), correspondent: 'alice@example.com' })
      .then([{ ...created, data: { ...created.data, correspondent: 'alice@example.com' } }]);
  });

  it('records nothing for a cause that notifies nobody', () => {
    spec.given([]).when(command([])).then([]);
  });
});
