import type { CreatedNotification } from '@teaminbox/contracts';
import { deciderSpecification } from '../../../../test/support/decider-specification';
import { notificationsCreatedDecider } from './notifications-created.decider';

const spec = deciderSpecification(notificationsCreatedDecider);
const notification: CreatedNotification = {
  notificationId: 'n1',
  userId: 'u1',
  type: 'EMAIL_RECEIVED',
  title: 'New e-mail',
  message: 'm',
  actionUrl: null,
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
  data: { teamId: 't1', causeEventId: 'event-1', causeType: 'EmailReceived', notifications: [notification] },
};

describe('notifications of one cause', () => {
  it('are created once, however often the cause is handled', () => {
    spec.given([]).when(command()).then([created]);
    spec.given([created]).when(command()).then([]);
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
