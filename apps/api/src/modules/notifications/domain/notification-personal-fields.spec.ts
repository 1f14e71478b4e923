import type {
  NotificationsCreated,
  NotificationsCreatedByRecipient,
  NotificationsCreatedPerRecipient,
} from '@teaminbox/contracts';
import { NOTIFICATIONS_CREATED_PERSONAL_FIELDS } from './notification-personal-fields';

describe('personal fields of notifications', () => {
  const created: NotificationsCreated = {
    teamId: 't1',
    causeEventId: 'event-1',
    causeType: 'EmailReceived',
    type: 'EMAIL_RECEIVED',
    emailId: 'e1',
    actionUrl: '/admin/email-detail/e1',
    texts: [],
    groups: [],
    correspondent: 'alice@example.com',
  };
  const { groups: _groups, ...withTexts } = created;
  const byRecipient: NotificationsCreatedByRecipient = { ...withTexts, recipients: [] };
  const perRecipient: NotificationsCreatedPerRecipient = {
    teamId: 't1',
    causeEventId: 'event-1',
    causeType: 'EmailReceived',
    notifications: [],
    correspondent: 'alice@example.com',
  };

  it("seals the texts' messages (the email's subject and sender quoted) under the email's sender", () => {
    for (const data of [created, byRecipient]) {
      expect(NOTIFICATIONS_CREATED_PERSONAL_FIELDS(data)).toEqual([
        { teamId: 't1', address: 'alice@example.com', paths: ['correspondent', 'texts.*.message'] },
      ]);
    }
  });

  it("seals each notification's message in the form of one full notification per recipient", () => {
    expect(NOTIFICATIONS_CREATED_PERSONAL_FIELDS(perRecipient)).toEqual([
      { teamId: 't1', address: 'alice@example.com', paths: ['correspondent', 'notifications.*.message'] },
    ]);
  });

  it('seals nothing in notifications recorded without the sender', () => {
    const { correspondent: _none, ...old } = perRecipient;
    expect(NOTIFICATIONS_CREATED_PERSONAL_FIELDS(old)).toEqual([]);
  });
});
