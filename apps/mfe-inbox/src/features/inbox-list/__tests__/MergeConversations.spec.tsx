import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { Email } from '@teaminbox/contracts';
import { initI18n } from '@teaminbox/ui';
import { createAppStore, injectFeature, selectPendingNotices, userLoaded } from '@teaminbox/web-store';
import { answerServerCalls } from '@teaminbox/web-store/testing';
import feature from '../../../feature';
import { anEmail } from '@teaminbox/web-store/testing';
import { MergeConversationsButton } from '../InboxToolbar';
import { selectInbox, selectionChanged } from '../inboxListSlice';

const row = (id: string, conversationId?: string): Email =>
  anEmail({
    id,
    ...(conversationId ? { conversation: { id: conversationId, messageCount: 2, participants: [] } } : {}),
  });

function renderButton(selection: Email[]) {
  const i18n = initI18n('en');
  const store = createAppStore({ withoutCoreSagas: true });
  store.dispatch(
    userLoaded({ id: 'u1', email: 'jana@example.com', firstName: null, lastName: null, role: null, teamId: 't1' }),
  );
  injectFeature(store, feature);
  store.dispatch(selectionChanged(selection.map((email) => email.id)));
  render(
    <Provider store={store}>
      <MergeConversationsButton selection={selection} />
    </Provider>,
  );
  const notices = () =>
    selectPendingNotices(store.getState()).map((notice) => [
      notice.severity,
      i18n.t(notice.key ?? '', { ...notice.values, ns: 'inbox' }),
    ]);
  return { store, notices };
}

const click = async (element: Element) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

describe("the conversation list's Merge", () => {
  afterEach(() => jest.restoreAllMocks());

  it('is enabled only when the rows chosen are two or more conversations, and not offered for single emails', () => {
    renderButton([row('e1', 'c1'), row('e2', 'c1')]);
    expect(screen.getByTestId('bulk-merge')).toBeDisabled();
    cleanup();
    renderButton([row('e1'), row('e2')]);
    expect(screen.queryByTestId('bulk-merge')).toBeNull();
  });

  it('merges after a confirm: the rows go to the server, the selection is cleared, "Conversations merged"', async () => {
    const fetch = answerServerCalls({
      'POST /api/conversations/merge': { conversationId: 'c1', emailIds: ['e1', 'e2', 'e3'] },
    });
    const { store, notices } = renderButton([row('e1', 'c1'), row('e3', 'c2')]);
    const merge = screen.getByTestId('bulk-merge');
    expect(merge).toBeEnabled();
    expect(merge).toHaveTextContent('Merge');
    await click(merge);
    expect(await screen.findByText('Merge the 2 selected conversations into one?')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await click(document.querySelector('.p-confirm-dialog-accept')!);
    await waitFor(() => expect(notices()).toEqual([['success', 'Conversations merged']]));
    const [, init] = fetch.mock.calls.find(([path]) => String(path) === '/api/conversations/merge')!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ emailIds: ['e1', 'e3'] });
    expect(selectInbox(store.getState()).selectedIds).toEqual([]);
  });

  it('says so when the server refuses, and keeps the selection', async () => {
    const { store, notices } = renderButton([row('e1', 'c1'), row('e3', 'c2')]);
    await click(screen.getByTestId('bulk-merge'));
    await click(document.querySelector('.p-confirm-dialog-accept')!);
    await waitFor(() => expect(notices()).toEqual([['error', 'The conversations could not be merged']]));
    expect(selectInbox(store.getState()).selectedIds).toEqual(['e1', 'e3']);
  });
});
