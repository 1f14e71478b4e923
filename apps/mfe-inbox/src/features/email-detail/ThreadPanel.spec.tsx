import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { Role, ThreadMessage } from '@teaminbox/contracts';
import { initI18n } from '@teaminbox/ui';
import { createAppStore, emailUpdated, injectFeature, selectPendingNotices, userLoaded } from '@teaminbox/web-store';
import { takeEvery } from 'redux-saga/effects';
import { answerServerCalls } from '@teaminbox/web-store/testing';
import { anEmail } from '@teaminbox/web-store/testing';
import { ThreadPanel } from './ThreadPanel';

const message = (id: string, direction: ThreadMessage['direction'] = 'incoming'): ThreadMessage => ({
  ...anEmail({ id }),
  direction,
});

function renderPanel(thread: ThreadMessage[], role: Role | null = null) {
  const i18n = initI18n('en');
  const store = createAppStore({ withoutCoreSagas: true });
  store.dispatch(
    userLoaded({ id: 'u1', email: 'jana@example.com', firstName: null, lastName: null, role, teamId: 't1' }),
  );
  // What the screens are told: every action dispatched, from the component or the api cache.
  const dispatched: unknown[] = [];
  injectFeature(store, {
    key: 'seen',
    slices: [],
    saga: function* seen() {
      yield takeEvery('*', (action: unknown) => {
        dispatched.push(action);
      });
    },
  });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <ThreadPanel emailId="e1" thread={thread} />
      </MemoryRouter>
    </Provider>,
  );
  const notices = () =>
    selectPendingNotices(store.getState()).map((notice) => [
      notice.severity,
      i18n.t(notice.key ?? '', { ...notice.values, ns: 'inbox' }),
    ]);
  return { dispatched, notices };
}

describe("the thread panel's split", () => {
  afterEach(() => jest.restoreAllMocks());

  it('offers to split each received email of a conversation of two or more emails out, to members only', () => {
    renderPanel([message('e1'), message('r1', 'outgoing'), message('e2')]);
    const messages = screen.getAllByTestId('thread-message');
    expect(messages.map((item) => within(item).queryByTestId('thread-split') !== null)).toEqual([true, false, true]);
    expect(within(messages[2]).getByTestId('thread-split')).toHaveTextContent('Split into its own conversation');
    // One email with its replies is a conversation of one email; an auditor changes nothing.
    cleanup();
    renderPanel([message('e1'), message('r1', 'outgoing')]);
    expect(screen.getAllByTestId('thread-message')).toHaveLength(2);
    expect(screen.queryByTestId('thread-split')).toBeNull();
    cleanup();
    renderPanel([message('e1'), message('e2')], 'AUDITOR');
    expect(screen.getAllByTestId('thread-message')).toHaveLength(2);
    expect(screen.queryByTestId('thread-split')).toBeNull();
  });

  it('splits the email out, says so and tells the screens its conversation changed', async () => {
    const fetch = answerServerCalls({ 'POST /api/emails/e2/split': { conversationId: 'c9', emailIds: ['e2'] } });
    const { dispatched, notices } = renderPanel([message('e1'), message('e2')]);
    const [, second] = screen.getAllByTestId('thread-split');
    await act(async () => {
      fireEvent.click(second);
    });
    await waitFor(() => expect(notices()).toEqual([['success', 'The email is now a conversation of its own']]));
    expect(
      fetch.mock.calls.some(([path, init]) => String(path) === '/api/emails/e2/split' && init?.method === 'POST'),
    ).toBe(true);
    expect(dispatched).toContainEqual(emailUpdated({ id: 'e2', conversationChanged: true, actorUserId: null }));
  });

  it('says so when the split fails', async () => {
    const { notices } = renderPanel([message('e1'), message('e2')]);
    await act(async () => {
      fireEvent.click(screen.getAllByTestId('thread-split')[0]);
    });
    await waitFor(() => expect(notices()).toEqual([['error', 'The email could not be split out']]));
  });
});
