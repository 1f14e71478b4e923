import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { ScheduledSend } from '@teaminbox/contracts';
import { initI18n } from '@teaminbox/ui';
import { createAppStore, NoticeHost, userLoaded } from '@teaminbox/web-store';
import { ScheduledSends } from '../ScheduledSends';
import { failure, fakeServer } from './fakeServer';

const user = {
  id: 'u1',
  email: 'jana@example.com',
  firstName: null,
  lastName: null,
  role: 'ADMIN' as const,
  teamId: 't1',
};
const send = (replyId: string, to: string, sendAt: string, kind: ScheduledSend['kind'] = 'reply'): ScheduledSend => ({
  replyId,
  emailId: 'e1',
  kind,
  to: [to],
  subject: `Re: ${replyId}`,
  sendAt,
  authorId: 'u1',
  authorName: 'Jana',
});

function Location() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderScheduled() {
  initI18n('en');
  const store = createAppStore({ withoutCoreSagas: true });
  store.dispatch(userLoaded(user));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <ScheduledSends />
        <NoticeHost />
        <Location />
      </MemoryRouter>
    </Provider>,
  );
}

describe("the inbox's Scheduled list", () => {
  it('lists the waiting replies with their count, and Cancel makes one a draft again', async () => {
    let waiting = [
      send('r1', 'alice@example.com', '2030-01-01T08:00:00.000Z'),
      send('r2', 'bob@example.com', '2030-01-02T08:00:00.000Z'),
    ];
    const server = fakeServer({
      'GET /api/replies/scheduled': () => waiting,
      'DELETE /api/replies/r1/schedule': () => {
        waiting = waiting.slice(1);
        return { success: true, message: 'undone', emailId: 'e1', draftId: 'd1', kind: 'reply' };
      },
    });
    renderScheduled();
    const button = screen.getByTestId('scheduled-sends');
    await waitFor(() => expect(button).toHaveTextContent('Scheduled2'));
    await act(async () => fireEvent.click(button));
    const rows = await screen.findAllByTestId('scheduled-send');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('alice@example.comRe: r1'),
      expect.stringContaining('bob@example.comRe: r2'),
    ]);
    await act(async () => fireEvent.click(within(rows[0]).getByTestId('scheduled-send-cancel')));
    expect(server.calls('DELETE', '/api/replies/r1/schedule')).toHaveLength(1);
    expect(await screen.findByText('Sending undone. The reply is back in your drafts.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('scheduled-send')).toHaveLength(1));
  });

  it('names what each send is, and an undone new email is a draft in its conversation', async () => {
    fakeServer({
      'GET /api/replies/scheduled': [
        send('r1', 'alice@example.com', '2030-01-01T08:00:00.000Z', 'compose'),
        send('r2', 'bob@example.com', '2030-01-02T08:00:00.000Z', 'forward'),
        send('r3', 'carol@example.com', '2030-01-03T08:00:00.000Z'),
      ],
      'DELETE /api/replies/r1/schedule': {
        success: true,
        message: 'undone',
        emailId: 'e1',
        draftId: 'd1',
        kind: 'compose',
      },
    });
    renderScheduled();
    await act(async () => fireEvent.click(screen.getByTestId('scheduled-sends')));
    const kinds = await screen.findAllByTestId('scheduled-send-kind');
    expect(kinds.map((cell) => cell.textContent)).toEqual(['New email', 'Forward', 'Reply']);
    await act(async () => fireEvent.click(screen.getAllByTestId('scheduled-send-cancel')[0]));
    expect(await screen.findByText('Sending undone. The email is a draft in its conversation.')).toBeInTheDocument();
  });

  it('Edit makes a send a draft again and opens that draft in its email', async () => {
    const server = fakeServer({
      'GET /api/replies/scheduled': [send('r1', 'alice@example.com', '2030-01-01T08:00:00.000Z')],
      'DELETE /api/replies/r1/schedule': {
        success: true,
        message: 'undone',
        emailId: 'e1',
        draftId: 'd1',
        kind: 'reply',
      },
    });
    renderScheduled();
    await act(async () => fireEvent.click(screen.getByTestId('scheduled-sends')));
    await act(async () => fireEvent.click(await screen.findByTestId('scheduled-send-edit')));
    expect(server.calls('DELETE', '/api/replies/r1/schedule')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/email-detail/e1?draft=d1'));
    expect(await screen.findByText('Sending undone. The reply is back in your drafts.')).toBeInTheDocument();
  });

  it('says why a reply already sent can no longer be cancelled', async () => {
    fakeServer({
      'GET /api/replies/scheduled': [send('r1', 'alice@example.com', '2030-01-01T08:00:00.000Z')],
      'DELETE /api/replies/r1/schedule': failure(409, 'This reply has already been sent and can no longer be undone'),
    });
    renderScheduled();
    await act(async () => fireEvent.click(screen.getByTestId('scheduled-sends')));
    await act(async () => fireEvent.click(await screen.findByTestId('scheduled-send-cancel')));
    await waitFor(() =>
      expect(document.body.textContent).toContain('Could not undo: This reply has already been sent'),
    );
    expect(screen.getAllByTestId('scheduled-send')).toHaveLength(1);
  });
});
