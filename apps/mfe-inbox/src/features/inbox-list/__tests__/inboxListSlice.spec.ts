import type { Email } from '@teaminbox/contracts';
import { emailArrived, unreadCountChanged } from '@teaminbox/web-store';
import { inboxListSlice, initialInboxState, pageLoaded, pageRequested, type InboxState } from '../inboxListSlice';

const reducer = inboxListSlice.reducer;

function email(id: string, receivedAt: string): Email {
  return {
    id,
    teamId: 't1',
    subject: `Subject ${id}`,
    body: 'Body',
    htmlBody: null,
    fromName: null,
    fromEmail: 'sender@example.com',
    to: [],
    cc: [],
    receivedAt,
    read: false,
    readAt: null,
    readBy: null,
    isArchived: false,
    isSpam: false,
    priority: 'MEDIUM',
    status: 'NEW',
    assignedTo: null,
    labels: [],
    attachments: [],
  };
}

const loaded = (emails: Email[], totalElements = emails.length): InboxState =>
  reducer(initialInboxState, pageLoaded({ content: emails, totalElements, totalPages: Math.ceil(totalElements / 20) }));

describe('the inbox list reducer', () => {
  it('puts an arriving email at the top and counts it', () => {
    const state = loaded([email('b', '2026-03-20T10:00:00Z'), email('a', '2026-03-20T09:00:00Z')]);
    const next = reducer(state, emailArrived(email('c', '2026-03-20T11:00:00Z')));
    expect(next.emails.map((e) => e.id)).toEqual(['c', 'b', 'a']);
    expect(next.totalElements).toBe(3);
  });

  it('drops an email it already lists (same id)', () => {
    const state = loaded([email('a', '2026-03-20T09:00:00Z')]);
    const once = reducer(state, emailArrived(email('c', '2026-03-20T11:00:00Z')));
    const twice = reducer(once, emailArrived(email('c', '2026-03-20T11:00:00Z')));
    expect(twice).toBe(once);
    expect(twice.totalElements).toBe(2);
  });

  it('updates the page count as the total grows past a page', () => {
    const state = loaded([email('a', '2026-03-20T09:00:00Z')], 20);
    expect(state.totalPages).toBe(1);
    const next = reducer(state, emailArrived(email('n', '2026-03-20T12:00:00Z')));
    expect(next.totalElements).toBe(21);
    expect(next.totalPages).toBe(2);
  });

  it('shows an empty list as loaded, and tracks the requested page and the pushed unread count', () => {
    const requested = reducer(initialInboxState, pageRequested(2, 'invoice'));
    expect(requested).toMatchObject({ page: 2, search: 'invoice', loading: true, loaded: false });
    const empty = reducer(requested, pageLoaded({ content: [], totalElements: 0, totalPages: 0 }));
    expect(empty).toMatchObject({ loading: false, loaded: true, emails: [] });
    expect(reducer(empty, unreadCountChanged(7)).unreadCount).toBe(7);
  });
});
