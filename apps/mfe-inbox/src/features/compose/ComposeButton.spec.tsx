import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { initI18n } from '@teaminbox/ui';
import { createAppStore, injectFeature, selectPendingNotices, userLoaded } from '@teaminbox/web-store';
import feature from '../../feature';
import { ComposeButton } from './ComposeButton';

// Quill (an ES module) does not load in jsdom: the rich editor is exercised in the browser tests (e2e/compose).
jest.mock('primereact/editor', () => ({
  Editor: (props: { value?: string; onTextChange?(e: { htmlValue: string | null }): void }) => (
    <textarea
      data-testid="rich-editor"
      value={props.value ?? ''}
      onChange={(e) => props.onTextChange?.({ htmlValue: e.target.value })}
    />
  ),
}));

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/** A fetch answering from a table of 'METHOD /path'; the calls are recorded. */
function fakeFetch(routes: Record<string, [number, unknown]>) {
  const calls: Call[] = [];
  global.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, path: url, body: init.body ? JSON.parse(init.body as string) : undefined });
    const [status, body] = routes[`${method} ${url}`] ?? [404, { message: 'Not found' }];
    return { ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
  return calls;
}

function renderCompose(compose: [number, unknown]) {
  initI18n('en');
  const calls = fakeFetch({
    'GET /api/notification-settings': [200, { htmlSignature: '<p>Jane Doe<br><i>Support</i></p>' }],
    'GET /api/reply-templates': [200, []],
    'POST /api/emails/compose': compose,
  });
  const store = createAppStore({ withoutCoreSagas: true });
  store.dispatch(
    userLoaded({ id: 'u1', email: 'jane@example.com', firstName: null, lastName: null, role: null, teamId: 't1' }),
  );
  injectFeature(store, { ...feature, saga: undefined });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <ComposeButton />
      </MemoryRouter>
    </Provider>,
  );
  return { store, calls };
}

/** Opens the dialog once the signature is known, writes a plain message (with those Bcc recipients) and sends it. */
async function writeAndSend(bcc = '') {
  await act(async () => {
    fireEvent.click(screen.getByTestId('compose'));
  });
  await act(async () => {
    fireEvent.click(screen.getByTestId('compose-html-switch').querySelector('input') as HTMLInputElement);
  });
  // The signature was added when the dialog opened (as plain text now): once.
  await waitFor(() => expect(screen.getByTestId('compose-body')).toHaveValue('Jane Doe\nSupport'));
  fireEvent.change(screen.getByTestId('compose-to'), { target: { value: 'dana@customer.example, ' } });
  if (bcc) fireEvent.change(screen.getByTestId('compose-bcc'), { target: { value: bcc } });
  fireEvent.change(screen.getByTestId('compose-subject'), { target: { value: 'Your order' } });
  fireEvent.change(screen.getByTestId('compose-body'), { target: { value: 'It shipped.\n\nJane Doe\nSupport' } });
  await act(async () => {
    fireEvent.click(screen.getByTestId('compose-send'));
  });
}

describe('Compose', () => {
  it('sends a new message with the signature from the team, then says so and closes', async () => {
    const { store, calls } = renderCompose([
      202,
      { success: true, message: 'Email queued', emailId: 'n1', replyId: 'n1' },
    ]);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/notification-settings')).toBe(true));
    await writeAndSend();

    const sent = calls.find((call) => call.method === 'POST' && call.path === '/api/emails/compose');
    expect(sent?.body).toEqual({
      teamId: 't1',
      to: ['dana@customer.example'],
      cc: [],
      bcc: [],
      subject: 'Your order',
      body: 'It shipped.\n\nJane Doe\nSupport',
      htmlBody: null,
      attachments: [],
      idempotencyKey: expect.any(String),
    });
    await waitFor(() => expect(screen.queryByTestId('compose-subject')).not.toBeInTheDocument());
    expect(selectPendingNotices(store.getState()).map((n) => n.key)).toContain('compose.sent');
  });

  it('sends the Bcc recipients written in their own field, comma-separated, trimmed, empties dropped', async () => {
    const { calls } = renderCompose([202, { success: true, message: 'Email queued', emailId: 'n2', replyId: 'n2' }]);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/notification-settings')).toBe(true));
    await writeAndSend(' boss@customer.example, ,audit@customer.example ');

    const sent = calls.find((call) => call.method === 'POST' && call.path === '/api/emails/compose');
    expect(sent?.body).toMatchObject({
      to: ['dana@customer.example'],
      cc: [],
      bcc: ['boss@customer.example', 'audit@customer.example'],
    });
  });

  it("keeps the dialog open and tells the server's reason when the message is refused", async () => {
    const { store, calls } = renderCompose([400, { message: 'Invalid email address: dana@' }]);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/notification-settings')).toBe(true));
    await writeAndSend();

    await waitFor(() =>
      expect(selectPendingNotices(store.getState())).toContainEqual(
        expect.objectContaining({ key: 'compose.sendError', values: { reason: 'Invalid email address: dana@' } }),
      ),
    );
    expect(screen.getByTestId('compose-subject')).toHaveValue('Your order');
  });
});
