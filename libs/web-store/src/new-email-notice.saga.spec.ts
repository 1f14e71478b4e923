import type { Email } from '@teaminbox/contracts';
import { emailArrived } from './events';
import { isInboxList, NEW_EMAIL_NOTICE_MS } from './new-email-notice.saga';
import { selectPendingNotices } from './notices.slice';
import { createAppStore } from './store';

const email = (subject: string) => ({ id: `e-${subject}`, subject, fromName: 'Ann', fromEmail: 'ann@x.test' }) as Email;

function store(path: string, clock: { now: number }) {
  return createAppStore({
    withoutCoreSagas: false,
    currentPath: () => path,
    realtimeClientFactory: () => ({ status: () => 'disconnected', close: () => undefined }),
    now: () => clock.now,
  });
}

describe('the new-email notice', () => {
  it('knows the inbox list routes', () => {
    expect(isInboxList('/admin/inbox')).toBe(true);
    expect(isInboxList('/admin/email-inbox')).toBe(true);
    expect(isInboxList('/admin/email-detail/1')).toBe(false);
    expect(isInboxList('/admin/notifications')).toBe(false);
  });

  it('shows a 5 s notice away from the inbox list, once per 5 s of a burst', () => {
    const clock = { now: 1_000_000 };
    const s = store('/admin/profile', clock);
    s.dispatch(emailArrived(email('Invoice')));
    s.dispatch(emailArrived(email('Second')));
    clock.now += NEW_EMAIL_NOTICE_MS;
    s.dispatch(emailArrived(email('Third')));
    const notices = selectPendingNotices(s.getState()).filter((n) => n.key === 'notifications.newEmail');
    expect(notices.map((n) => [n.values?.subject, n.lifeMs, n.severity])).toEqual([
      ['Invoice', 5000, 'info'],
      ['Third', 5000, 'info'],
    ]);
  });

  it('shows none on the inbox list, where the email appears at the top', () => {
    const s = store('/admin/inbox', { now: 0 });
    s.dispatch(emailArrived(email('Invoice')));
    expect(selectPendingNotices(s.getState()).filter((n) => n.key === 'notifications.newEmail')).toEqual([]);
  });
});
