import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { Email, EmailDetail, Page } from '@teaminbox/contracts';
import { initI18n } from '@teaminbox/ui';
import { createAppStore, emailUpdated, injectFeature, NoticeHost, selectPendingNotices } from '@teaminbox/web-store';
import feature from '../../../feature';
import { myTasksFeature } from '../myTasksFeature';
import { anEmail } from '@teaminbox/web-store/testing';
import MyTasksPage from '../MyTasksPage';
import { deferred, failure, fakeServer, type Route } from '../../inbox-list/__tests__/fakeServer';

function task(id: string): Email {
  return anEmail({ id, to: ['support@example.com'], assignedTo: 'u1' });
}

/** The server; the notification settings are not answered (the default view applies). */
const serve = (routes: Record<string, Route>) => fakeServer(routes);

function renderPage({ notices = false } = {}) {
  initI18n('en');
  const store = createAppStore({ withoutCoreSagas: true });
  injectFeature(store, feature);
  injectFeature(store, myTasksFeature);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/admin/my-tasks']}>
        {notices ? <NoticeHost /> : null}
        <MyTasksPage />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('the My Tasks page', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows Loading... until the tasks come, then the no-tasks and no-task-selected states', async () => {
    const answer = deferred<Page<Email>>();
    serve({ 'GET /api/emails/my-tasks': () => answer.promise });
    renderPage();
    expect(screen.getByTestId('tasks-loading')).toHaveTextContent('Loading...');
    expect(screen.queryByTestId('no-tasks')).not.toBeInTheDocument();

    await act(async () => answer.resolve({ content: [], totalElements: 0, totalPages: 0 }));
    await waitFor(() => expect(screen.queryByTestId('tasks-loading')).not.toBeInTheDocument());
    expect(screen.getByTestId('no-tasks')).toHaveTextContent('No tasks are assigned to you.');
    expect(screen.getByTestId('task-count')).toHaveTextContent('0 assigned tasks');
    expect(screen.getByTestId('no-task-selected')).toHaveTextContent('Select a task on the left to see it here.');
    expect(screen.queryByTestId('task-pagination')).not.toBeInTheDocument();
  });

  it('pages with Previous and Next, and a search goes back to the first page', async () => {
    const server = serve({ 'GET /api/emails/my-tasks': { content: [task('a')], totalElements: 21, totalPages: 2 } });
    const last = () => Object.fromEntries(server.calls('GET', '/api/emails/my-tasks').at(-1)?.query ?? []);
    renderPage();
    expect(await screen.findByTestId('task-page')).toHaveTextContent('Page 1 of 2');
    expect(screen.getByTestId('task-previous')).toBeDisabled();
    // The filters show their 'All' choice and send no filter for it.
    expect(screen.getByTestId('task-status')).toHaveTextContent('All Status');
    expect(screen.getByTestId('task-priority')).toHaveTextContent('All Priority');
    // The settings are not loaded here: the default, one row per conversation, applies.
    expect(last()).toEqual({ view: 'conversations', page: '0', size: '20' });

    await act(async () => fireEvent.click(screen.getByTestId('task-next')));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByTestId('task-next')).toBeDisabled();
    expect(last()).toEqual(expect.objectContaining({ page: '1', size: '20' }));

    fireEvent.change(screen.getByTestId('task-search'), { target: { value: ' invoice ' } });
    await act(async () => fireEvent.keyDown(screen.getByTestId('task-search'), { key: 'Enter' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await waitFor(() => expect(last()).toEqual(expect.objectContaining({ page: '0', search: 'invoice' })));
  });

  it('shows the task clicked last, even when an earlier click is answered later', async () => {
    const first = deferred<EmailDetail>();
    const second = deferred<EmailDetail>();
    serve({
      'GET /api/emails/my-tasks': { content: [task('a'), task('b')], totalElements: 2, totalPages: 1 },
      'GET /api/emails/a': () => first.promise,
      'GET /api/emails/b': () => second.promise,
    });
    renderPage();
    const items = await screen.findAllByTestId('task-item');
    fireEvent.click(items[0]);
    fireEvent.click(items[1]);
    await act(async () => second.resolve(task('b') as EmailDetail));
    await act(async () => first.resolve(task('a') as EmailDetail));
    await waitFor(() => expect(screen.getByTestId('task-detail')).toHaveTextContent('Subject b'));
    expect(screen.getByTestId('task-detail')).not.toHaveTextContent('Subject a');
    expect(screen.getByTestId('task-meta')).toHaveTextContent('sender@example.com');
  });

  it('follows a status or priority another member sets, on the task and in its pane, without reloading', async () => {
    const server = serve({
      'GET /api/emails/my-tasks': { content: [task('a'), task('b')], totalElements: 2, totalPages: 1 },
      'GET /api/emails/a': task('a'),
    });
    const store = renderPage();
    const items = await screen.findAllByTestId('task-item');
    fireEvent.click(items[0]);
    await waitFor(() => expect(screen.getByTestId('task-detail')).toHaveTextContent('Subject a'));
    expect(within(items[0]).getByTestId('task-status-badge')).toHaveTextContent('new');

    act(() => {
      store.dispatch(emailUpdated({ id: 'a', status: 'CLOSED', priority: 'HIGH', actorUserId: 'u2' }));
    });
    await waitFor(() => expect(within(items[0]).getByTestId('task-status-badge')).toHaveTextContent('closed'));
    expect(within(items[0]).getByTestId('task-priority-badge')).toHaveTextContent('high');
    expect(within(items[1]).getByTestId('task-status-badge')).toHaveTextContent('new');
    expect(screen.getByTestId('task-meta')).toHaveTextContent('closed');
    expect(screen.getByTestId('task-meta')).toHaveTextContent('high');
    expect(server.calls('GET', '/api/emails/my-tasks')).toHaveLength(1);
    expect(server.calls('GET', '/api/emails/a')).toHaveLength(1);
  });

  it("shows 'Error loading my tasks' as an error for 3 s when the tasks cannot be loaded, then the no-tasks state", async () => {
    jest.useFakeTimers();
    try {
      serve({ 'GET /api/emails/my-tasks': failure(500) });
      const store = renderPage();
      // The settings (not answered: the default view) and then the tasks are asked for.
      for (let step = 0; step < 10; step++) {
        await act(async () => {
          await jest.advanceTimersByTimeAsync(5);
        });
      }
      expect(selectPendingNotices(store.getState())).toEqual([
        expect.objectContaining({ severity: 'error', key: 'myTasks.loadError', lifeMs: 3000 }),
      ]);
      expect(screen.getByTestId('no-tasks')).toBeInTheDocument();
      expect(screen.queryByTestId('tasks-loading')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the load error in a toast with a close button that goes away after 3 s', async () => {
    jest.useFakeTimers();
    try {
      serve({ 'GET /api/emails/my-tasks': failure(500) });
      renderPage({ notices: true });
      // The settings (not answered: the default view) and then the tasks are asked for.
      for (let step = 0; step < 10; step++) {
        await act(async () => {
          await jest.advanceTimersByTimeAsync(5);
        });
      }
      const toast = screen.getByText('Error loading my tasks').closest('.p-toast-message') as HTMLElement;
      expect(toast).toHaveClass('p-toast-message-error');
      expect(within(toast).getByRole('button')).toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(2900);
      });
      expect(toast).not.toHaveClass('p-toast-message-exit');
      // At 3 s the toast starts to leave (a 300 ms animation), then it is gone.
      await act(async () => {
        await jest.advanceTimersByTimeAsync(200);
      });
      expect(toast).toHaveClass('p-toast-message-exit');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(400);
      });
      expect(screen.queryByText('Error loading my tasks')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('cuts the task preview at 100 characters and colours the badges as the spec says', async () => {
    const long = 'x'.repeat(120);
    serve({
      'GET /api/emails/my-tasks': {
        content: [
          { ...task('a'), body: long, priority: 'HIGH', status: 'NEW' },
          { ...task('b'), body: 'Short body', priority: 'MEDIUM', status: 'IN_PROGRESS' },
          { ...task('c'), priority: 'LOW', status: 'RESOLVED' },
          { ...task('d'), status: 'CLOSED' },
        ],
        totalElements: 4,
        totalPages: 1,
      },
    });
    renderPage();
    const previews = await screen.findAllByTestId('task-preview');
    expect(previews[0].textContent).toBe(`${'x'.repeat(100)}...`);
    expect(previews[1].textContent).toBe('Short body');
    const classes = (testId: string) =>
      screen.getAllByTestId(testId).map((badge) => [badge.textContent, /p-tag-(\w+)/.exec(badge.className)?.[1]]);
    // Priority high red, medium amber, low green; status new blue, in progress amber, resolved green, closed grey.
    expect(classes('task-priority-badge').slice(0, 3)).toEqual([
      ['high', 'danger'],
      ['medium', 'warning'],
      ['low', 'success'],
    ]);
    expect(classes('task-status-badge')).toEqual([
      ['new', 'info'],
      ['in_progress', 'warning'],
      ['resolved', 'success'],
      ['closed', 'secondary'],
    ]);
  });
});
