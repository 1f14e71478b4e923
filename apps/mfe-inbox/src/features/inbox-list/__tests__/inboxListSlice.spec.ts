import {
  filtersChanged,
  filtersReset,
  folderChosen,
  inboxClosed,
  inboxListSlice,
  inboxOpened,
  initialInboxState,
  NO_FILTERS,
  pageRequested,
} from '../inboxListSlice';

const reducer = inboxListSlice.reducer;

describe('the inbox screen state', () => {
  it('starts on page 0 with pages of 20 emails, the inbox folder and no filters', () => {
    expect(initialInboxState).toMatchObject({ page: 0, size: 20, folder: 'inbox', filters: NO_FILTERS, shown: false });
    expect(NO_FILTERS).toEqual({ assignee: 'all', label: 'all', unread: false });
  });

  it('opens on the first page with its search, keeping the folder and filters; a folder or filter change goes back to page 0', () => {
    const browsed = reducer(
      reducer(reducer(initialInboxState, folderChosen('archived')), filtersChanged({ unread: true })),
      pageRequested(2, 'old'),
    );
    expect(browsed).toMatchObject({ page: 2, search: 'old', folder: 'archived' });
    const opened = reducer(reducer(browsed, inboxClosed()), inboxOpened('invoice'));
    expect(opened).toMatchObject({ shown: true, page: 0, search: 'invoice', folder: 'archived' });
    expect(opened.filters.unread).toBe(true);
    expect(reducer(reducer(opened, pageRequested(1, 'invoice')), folderChosen('spam')).page).toBe(0);
    expect(reducer(reducer(opened, pageRequested(1, 'invoice')), filtersChanged({ label: 'l1' })).page).toBe(0);
    expect(reducer(reducer(opened, pageRequested(1, 'invoice')), filtersReset())).toMatchObject({
      page: 0,
      filters: NO_FILTERS,
    });
  });
});
