import type { Email } from '@teaminbox/contracts';
import { emailArrived, unreadCountChanged } from '@teaminbox/web-store';
import { anEmail } from '../../../testing/emails';
import {
  arrivalBelongs,
  filtersChanged,
  folderChosen,
  inboxListSlice,
  initialInboxState,
  NO_FILTERS,
  pageLoaded,
  pageRequested,
  type InboxState,
} from '../inboxListSlice';

const reducer = inboxListSlice.reducer;

function email(id: string, receivedAt: string): Email {
  return anEmail({ id, receivedAt });
}

const loaded = (emails: Email[], totalElements = emails.length): InboxState =>
  reducer(initialInboxState, pageLoaded({ content: emails, totalElements, totalPages: Math.ceil(totalElements / 20) }));

describe('the inbox list reducer', () => {
  it('starts on page 0 with pages of 20 emails, the inbox folder and no filters', () => {
    expect(initialInboxState).toMatchObject({ page: 0, size: 20, folder: 'inbox', filters: NO_FILTERS });
    expect(NO_FILTERS).toEqual({ assignee: 'all', label: 'all', unread: false });
  });

  it('puts an arriving email at the top and counts it', () => {
    const state = loaded([email('b', '2026-03-20T10:00:00Z'), email('a', '2026-03-20T09:00:00Z')]);
    const next = reducer(state, emailArrived(email('c', '2026-03-20T11:00:00Z')));
    expect(next.emails.map((e) => e.id)).toEqual(['c', 'b', 'a']);
    expect(next.totalElements).toBe(3);
  });

  it('leaves a conversation list as it is when an email arrives (its saga loads the page again)', () => {
    const rows = [email('b', '2026-03-20T10:00:00Z')];
    const state = reducer(
      initialInboxState,
      pageLoaded({ content: rows, totalElements: 1, totalPages: 1, view: 'conversations' }),
    );
    expect(state.view).toBe('conversations');
    expect(reducer(state, emailArrived(email('c', '2026-03-20T11:00:00Z')))).toBe(state);
    expect(loaded(rows).view).toBe('emails');
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

  it('leaves a list that a new email does not belong to: Spam, Archived, a search, a filter it does not match', () => {
    const arriving = email('n', '2026-03-20T12:00:00Z');
    const base = loaded([email('a', '2026-03-20T09:00:00Z')]);
    const inFolder = (folder: InboxState['folder']) =>
      reducer(
        reducer(base, folderChosen(folder)),
        pageLoaded({ content: base.emails, totalElements: 1, totalPages: 1 }),
      );
    for (const folder of ['spam', 'archived', 'my-tasks'] as const) {
      const state = inFolder(folder);
      expect(reducer(state, emailArrived(arriving))).toBe(state);
    }
    const searched = reducer(
      reducer(base, pageRequested(0, 'invoice')),
      pageLoaded({ content: base.emails, totalElements: 1, totalPages: 1 }),
    );
    expect(reducer(searched, emailArrived(arriving))).toBe(searched);
    const labelled = reducer(base, filtersChanged({ label: 'l1' }));
    expect(reducer(labelled, emailArrived(arriving))).toBe(labelled);
    expect(reducer(labelled, emailArrived({ ...arriving, labels: ['l1'] })).emails[0].id).toBe('n');
    expect(reducer(inFolder('unread'), emailArrived(arriving)).emails.map((e) => e.id)).toEqual(['n', 'a']);
  });

  it('matches a new email against the assignee and unread filters', () => {
    const at = { folder: 'inbox' as const, search: '' };
    const mail = email('n', '2026-03-20T12:00:00Z');
    expect(arrivalBelongs({ ...at, filters: NO_FILTERS }, mail)).toBe(true);
    expect(arrivalBelongs({ ...at, filters: { ...NO_FILTERS, assignee: 'unassigned' } }, mail)).toBe(true);
    expect(
      arrivalBelongs({ ...at, filters: { ...NO_FILTERS, assignee: 'unassigned' } }, { ...mail, assignedTo: 'u1' }),
    ).toBe(false);
    expect(arrivalBelongs({ ...at, filters: { ...NO_FILTERS, assignee: 'u1' } }, mail)).toBe(false);
    expect(arrivalBelongs({ ...at, filters: { ...NO_FILTERS, assignee: 'u1' } }, { ...mail, assignedTo: 'u1' })).toBe(
      true,
    );
    expect(arrivalBelongs({ ...at, filters: { ...NO_FILTERS, assignee: 'me' } }, mail)).toBe(false);
    expect(arrivalBelongs({ ...at, filters: { ...NO_FILTERS, unread: true } }, { ...mail, read: true })).toBe(false);
    expect(arrivalBelongs({ ...at, folder: 'unread', filters: NO_FILTERS }, { ...mail, read: true })).toBe(false);
  });

  it('on a later page counts a new email without listing it; the first page keeps its size', () => {
    const later = reducer(
      reducer(initialInboxState, pageRequested(1)),
      pageLoaded({ content: [email('a', '2026-03-20T09:00:00Z')], totalElements: 21, totalPages: 2 }),
    );
    const next = reducer(later, emailArrived(email('n', '2026-03-20T12:00:00Z')));
    expect(next.emails.map((e) => e.id)).toEqual(['a']);
    expect(next.totalElements).toBe(22);

    const full = Array.from({ length: 20 }, (_, i) =>
      email(`e${i}`, `2026-03-20T09:${String(59 - i).padStart(2, '0')}:00Z`),
    );
    const first = reducer(loaded(full, 20), emailArrived(email('n', '2026-03-20T12:00:00Z')));
    expect(first.emails).toHaveLength(20);
    expect(first.emails[0].id).toBe('n');
    expect(first.emails.map((e) => e.id)).not.toContain('e19');
    expect(first.totalPages).toBe(2);
  });
});
