import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { defaultNotificationPreferences, type NotificationSettings } from '@teaminbox/contracts';
import { inboxApi } from '@teaminbox/api-client';
import { initI18n } from '@teaminbox/ui';
import {
  createAppStore,
  emailArrived,
  emailUpdated,
  injectFeature,
  settingsApi,
  userLoaded,
} from '@teaminbox/web-store';
import feature from '../../../feature';
import { anEmail } from '../../../testing/emails';
import { myTasksFeature } from '../../my-tasks/myTasksFeature';
import MyTasksPage from '../../my-tasks/MyTasksPage';
import InboxPage from '../InboxPage';

const user = {
  id: 'u1',
  email: 'jana@example.com',
  firstName: null,
  lastName: null,
  role: 'ADMIN' as const,
  teamId: 't1',
};
const carol = { name: 'Carol Customer', email: 'carol@customer.example' };
const dan = { name: null, email: 'dan@customer.example' };

/** The latest email of a conversation of three, from Carol, with Dan in it. */
const conversationRow = anEmail({
  id: 'e3',
  subject: 'Re: Order 42',
  fromName: carol.name,
  fromEmail: carol.email,
  assignedTo: 'u1',
  conversation: { id: 'e1', messageCount: 3, participants: [carol, dan] },
});
const singleRow = anEmail({ id: 'e9', subject: 'Question', fromName: 'Erin', fromEmail: 'erin@other.example' });

function renderWith(useThreads: boolean, page: 'inbox' | 'my-tasks') {
  initI18n('en');
  const store = createAppStore({ withoutCoreSagas: true });
  store.dispatch(userLoaded(user));
  const settings = { ...defaultNotificationPreferences(), useThreads } as NotificationSettings;
  store.dispatch(
    settingsApi.util.upsertQueryEntries([{ endpointName: 'notificationSettings', arg: undefined, value: settings }]),
  );
  injectFeature(store, feature);
  if (page === 'my-tasks') injectFeature(store, myTasksFeature);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[page === 'inbox' ? '/admin/inbox' : '/admin/my-tasks']}>
        {page === 'inbox' ? <InboxPage /> : <MyTasksPage />}
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

/** The row's selection box (PrimeReact draws a box around the input: the input takes the click). */
const selectBox = (row: HTMLElement) =>
  within(row)
    .getAllByRole('checkbox')
    .find((element) => element.tagName === 'INPUT') as HTMLElement;

describe('the lists by conversation ("Use conversation threads")', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists conversations with the setting on: the latest sender, the message count and the participants', async () => {
    const list = jest.spyOn(inboxApi, 'listEmails').mockResolvedValue({
      content: [conversationRow, { ...singleRow, conversation: { id: 'e9', messageCount: 1, participants: [] } }],
      totalElements: 2,
      totalPages: 1,
    });
    jest.spyOn(inboxApi, 'unreadCount').mockResolvedValue(2);
    jest.spyOn(inboxApi, 'starred').mockResolvedValue([]);
    renderWith(true, 'inbox');
    const rows = await screen.findAllByTestId('email-row');
    expect(list).toHaveBeenCalledWith(expect.objectContaining({ view: 'conversations', folder: 'inbox' }));
    expect(rows).toHaveLength(2);
    const count = within(rows[0]).getByTestId('conversation-count');
    expect(count).toHaveTextContent('3');
    expect(count).toHaveAccessibleName('3 messages in this conversation');
    expect(count).toHaveAttribute('title', 'Participants: Carol Customer, dan@customer.example');
    expect(within(rows[0]).getByTestId('email-sender')).toHaveTextContent('Carol Customer');
    expect(within(rows[0]).getByTestId('conversation-participants')).toHaveTextContent(
      'Carol Customer, dan@customer.example',
    );
    // A conversation of one message shows no count.
    expect(within(rows[1]).queryByTestId('conversation-count')).not.toBeInTheDocument();
  });

  it("archives a selected conversation row's whole conversation", async () => {
    jest
      .spyOn(inboxApi, 'listEmails')
      .mockResolvedValue({ content: [conversationRow], totalElements: 1, totalPages: 1 });
    jest.spyOn(inboxApi, 'unreadCount').mockResolvedValue(1);
    jest.spyOn(inboxApi, 'starred').mockResolvedValue([]);
    const archive = jest.spyOn(inboxApi, 'archive').mockResolvedValue(conversationRow);
    renderWith(true, 'inbox');
    const [row] = await screen.findAllByTestId('email-row');
    await act(async () => fireEvent.click(selectBox(row)));
    await act(async () => fireEvent.click(screen.getByTestId('bulk-archive')));
    expect(archive).toHaveBeenCalledWith('e3', 'conversation');
  });

  it('lists single emails with the setting off, and their actions act on the email', async () => {
    const list = jest
      .spyOn(inboxApi, 'listEmails')
      .mockResolvedValue({ content: [singleRow], totalElements: 1, totalPages: 1 });
    jest.spyOn(inboxApi, 'unreadCount').mockResolvedValue(1);
    jest.spyOn(inboxApi, 'starred').mockResolvedValue([]);
    const archive = jest.spyOn(inboxApi, 'archive').mockResolvedValue(singleRow);
    renderWith(false, 'inbox');
    const [row] = await screen.findAllByTestId('email-row');
    expect(list).toHaveBeenCalledWith(expect.objectContaining({ view: 'emails' }));
    expect(within(row).queryByTestId('conversation-count')).not.toBeInTheDocument();
    expect(row).toHaveTextContent('erin@other.example');
    await act(async () => fireEvent.click(selectBox(row)));
    await act(async () => fireEvent.click(screen.getByTestId('bulk-archive')));
    expect(archive).toHaveBeenCalledWith('e9', 'email');
  });

  it("keeps a change pushed while the list loads again for a new email (a rule's priority)", async () => {
    const arrived = anEmail({ id: 'e10', subject: 'Contract renewal', fromEmail: 'boss@vip.example' });
    const conversationOf = (email: typeof arrived) => ({
      ...email,
      conversation: { id: email.id, messageCount: 1, participants: [] },
    });
    let answerStale: (page: { content: (typeof arrived)[]; totalElements: number; totalPages: number }) => void = () =>
      undefined;
    const list = jest
      .spyOn(inboxApi, 'listEmails')
      .mockResolvedValueOnce({ content: [conversationRow], totalElements: 1, totalPages: 1 })
      // The load the new email starts: the server read the page before the rule changed the email.
      .mockImplementationOnce(() => new Promise((resolve) => (answerStale = resolve)))
      .mockResolvedValue({
        content: [conversationOf({ ...arrived, priority: 'HIGH' }), conversationRow],
        totalElements: 2,
        totalPages: 1,
      });
    jest.spyOn(inboxApi, 'unreadCount').mockResolvedValue(2);
    jest.spyOn(inboxApi, 'starred').mockResolvedValue([]);
    const store = renderWith(true, 'inbox');
    await screen.findAllByTestId('email-row');

    await act(async () => {
      store.dispatch(emailArrived(arrived));
    });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    await act(async () => {
      store.dispatch(emailUpdated({ id: 'e10', actorUserId: null, priority: 'HIGH' }));
    });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(3));
    await act(async () =>
      answerStale({ content: [conversationOf(arrived), conversationRow], totalElements: 2, totalPages: 1 }),
    );

    const row = (await screen.findAllByTestId('email-row')).find((element) =>
      element.textContent?.includes('Contract renewal'),
    ) as HTMLElement;
    expect(within(row).getByTestId('email-priority')).toHaveTextContent('high');
  });

  it('lists My Tasks by conversation with the setting on', async () => {
    const tasks = jest
      .spyOn(inboxApi, 'myTasks')
      .mockResolvedValue({ content: [conversationRow], totalElements: 1, totalPages: 1 });
    renderWith(true, 'my-tasks');
    const [item] = await screen.findAllByTestId('task-item');
    expect(tasks).toHaveBeenCalledWith(expect.objectContaining({ view: 'conversations' }));
    expect(within(item).getByTestId('conversation-count')).toHaveTextContent('3');
    expect(within(item).getByTestId('conversation-participants')).toHaveTextContent(
      'Carol Customer, dan@customer.example',
    );
  });

  it('asks My Tasks for single emails with the setting off', async () => {
    const tasks = jest
      .spyOn(inboxApi, 'myTasks')
      .mockResolvedValue({ content: [singleRow], totalElements: 1, totalPages: 1 });
    renderWith(false, 'my-tasks');
    const [item] = await screen.findAllByTestId('task-item');
    expect(tasks).toHaveBeenCalledWith(expect.objectContaining({ view: 'emails' }));
    expect(within(item).queryByTestId('conversation-count')).not.toBeInTheDocument();
  });
});
