import { notificationsApi } from '@teaminbox/api-client';
import { answerServerCalls } from './server-answers';

/**
 * For tests without a server: answers the calls made once a user is known (the bell's notifications,
 * unread count and snooze; the team's members and the user's photo), so that a test of something else does not send
 * them to the real client. Restored with the test's other mocks (`jest.restoreAllMocks`).
 */
export function stubSignedInCalls(): void {
  jest.spyOn(notificationsApi, 'snooze').mockResolvedValue({ snoozedUntil: null });
  jest.spyOn(notificationsApi, 'ownPhoto').mockResolvedValue(null);
  answerServerCalls({
    'GET /api/team/members': [],
    'GET /api/notifications?page=0&size=20': [],
    'GET /api/notifications/unread-count': 0,
  });
}
