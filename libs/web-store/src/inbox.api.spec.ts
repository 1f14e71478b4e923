import type { Email, Page } from '@teaminbox/contracts';
import { emailArrived, emailUpdated, unreadCountChanged } from './events';
import { arrivalBelongs, inboxApi, NO_INBOX_FILTERS, type InboxPageArgs } from './inbox.api';
import { createAppStore } from './store';
import { anEmail } from './testing/emails';

const email = (id: string, receivedAt: string, overrides: Partial<Email> = {}): Email =>
  anEmail({ id, receivedAt, ...overrides });

const list = (overrides: Partial<InboxPageArgs> = {}): InboxPageArgs => ({
  view: 'emails',
  folder: 'inbox',
  page: 0,
  size: 20,
  search: '',
  filters: NO_INBOX_FILTERS,
  ...overrides,
});

/** A store whose cache holds these pages (as loaded from the server). */
function cached(...pages: [InboxPageArgs, Email[], number?][]) {
  const store = createAppStore({ withoutCoreSagas: true });
  store.dispatch(
    inboxApi.util.upsertQueryEntries(
      pages.map(([args, content, total = content.length]) => ({
        endpointName: 'inboxEmails' as const,
        arg: args,
        value: { content, totalElements: total, totalPages: Math.ceil(total / args.size) },
      })),
    ),
  );
  const page = (args: InboxPageArgs): Page<Email> | undefined =>
    inboxApi.endpoints.inboxEmails.select(args)(store.getState() as never).data;
  return { store, page };
}

const ids = (page: Page<Email> | undefined) => page?.content.map((row) => row.id);

describe('the cached inbox pages and the pushes', () => {
  it('puts an arriving email at the top of the first page and counts it', () => {
    const first = list();
    const { store, page } = cached([first, [email('b', '2026-03-20T10:00:00Z'), email('a', '2026-03-20T09:00:00Z')]]);
    store.dispatch(emailArrived(email('c', '2026-03-20T11:00:00Z')));
    expect(ids(page(first))).toEqual(['c', 'b', 'a']);
    expect(page(first)?.totalElements).toBe(3);
    // The same email pushed again is listed once.
    store.dispatch(emailArrived(email('c', '2026-03-20T11:00:00Z')));
    expect(page(first)?.totalElements).toBe(3);
  });

  it('on a later page counts a new email without listing it; the first page keeps its size', () => {
    const second = list({ page: 1 });
    const first = list();
    const full = Array.from({ length: 20 }, (_, i) =>
      email(`e${i}`, `2026-03-20T09:${String(59 - i).padStart(2, '0')}:00Z`),
    );
    const { store, page } = cached([second, [email('a', '2026-03-20T08:00:00Z')], 21], [first, full, 21]);
    store.dispatch(emailArrived(email('n', '2026-03-20T12:00:00Z')));
    expect(ids(page(second))).toEqual(['a']);
    expect(page(second)?.totalElements).toBe(22);
    expect(page(first)?.content).toHaveLength(20);
    expect(ids(page(first))?.[0]).toBe('n');
    expect(ids(page(first))).not.toContain('e19');
    expect(page(first)?.totalPages).toBe(2);
  });

  it('leaves the pages a new email does not belong to: Spam, Archived, a search, a filter it does not match', () => {
    const pages = [
      list({ folder: 'spam' }),
      list({ folder: 'archived' }),
      list({ folder: 'my-tasks' }),
      list({ search: 'invoice' }),
      list({ filters: { ...NO_INBOX_FILTERS, label: 'l1' } }),
    ];
    const { store, page } = cached(
      ...pages.map((args): [InboxPageArgs, Email[]] => [args, [email('a', '2026-03-20T09:00:00Z')]]),
    );
    store.dispatch(emailArrived(email('n', '2026-03-20T12:00:00Z')));
    for (const args of pages) expect(ids(page(args))).toEqual(['a']);
    store.dispatch(emailArrived(email('m', '2026-03-20T12:00:00Z', { labels: ['l1'] })));
    expect(ids(page(pages[4]))).toEqual(['m', 'a']);
  });

  it('matches a new email against the assignee and unread filters', () => {
    const at = { folder: 'inbox' as const, search: '' };
    const mail = email('n', '2026-03-20T12:00:00Z');
    const filters = (change: Partial<typeof NO_INBOX_FILTERS>) => ({
      ...at,
      filters: { ...NO_INBOX_FILTERS, ...change },
    });
    expect(arrivalBelongs(filters({}), mail)).toBe(true);
    expect(arrivalBelongs(filters({ assignee: 'unassigned' }), mail)).toBe(true);
    expect(arrivalBelongs(filters({ assignee: 'unassigned' }), { ...mail, assignedTo: 'u1' })).toBe(false);
    expect(arrivalBelongs(filters({ assignee: 'u1' }), mail)).toBe(false);
    expect(arrivalBelongs(filters({ assignee: 'u1' }), { ...mail, assignedTo: 'u1' })).toBe(true);
    expect(arrivalBelongs(filters({ assignee: 'me' }), mail)).toBe(false);
    expect(arrivalBelongs(filters({ unread: true }), { ...mail, read: true })).toBe(false);
    expect(arrivalBelongs({ ...filters({}), folder: 'unread' }, { ...mail, read: true })).toBe(false);
  });

  it('changes a row on screen, and takes it off a page whose folder it left', () => {
    const inbox = list();
    const unread = list({ folder: 'unread' });
    const rows = [email('b', '2026-03-20T10:00:00Z'), email('a', '2026-03-20T09:00:00Z')];
    const { store, page } = cached([inbox, rows], [unread, rows]);
    store.dispatch(emailUpdated({ id: 'a', actorUserId: 'u2', read: true, labels: ['l1'] }));
    expect(page(inbox)?.content[1]).toMatchObject({ id: 'a', read: true, labels: ['l1'] });
    expect(ids(page(unread))).toEqual(['b']);
    expect(page(unread)?.totalElements).toBe(1);
  });

  it('takes a snoozed email off the inbox, and a woken one off the Snoozed folder', () => {
    const inbox = list();
    const snoozedFolder = list({ folder: 'snoozed' });
    const { store, page } = cached(
      [inbox, [email('b', '2026-03-20T10:00:00Z'), email('a', '2026-03-20T09:00:00Z')]],
      [snoozedFolder, [email('c', '2026-03-20T08:00:00Z', { snoozedUntil: '2026-03-21T08:00:00Z' })]],
    );
    store.dispatch(emailUpdated({ id: 'a', actorUserId: 'u2', snoozedUntil: '2026-03-21T08:00:00Z' }));
    store.dispatch(emailUpdated({ id: 'c', actorUserId: 'u2', snoozedUntil: null }));
    expect(ids(page(inbox))).toEqual(['b']);
    expect(ids(page(snoozedFolder))).toEqual([]);
  });

  it('replaces the cached unread count with the pushed one', () => {
    const store = createAppStore({ withoutCoreSagas: true });
    store.dispatch(inboxApi.util.upsertQueryEntries([{ endpointName: 'unreadCount', arg: undefined, value: 3 }]));
    store.dispatch(unreadCountChanged(7));
    expect(inboxApi.endpoints.unreadCount.select()(store.getState() as never).data).toBe(7);
  });
});
