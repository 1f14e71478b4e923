import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Label } from '@teaminbox/contracts';
import { labelChanged, selectTeamLabels, teamApi, userLoaded } from '@teaminbox/web-store';
import { me, noticesOf, renderPage } from '../../testing/admin-harness';
import EmailLabelsPage from './EmailLabelsPage';

/** The one labels cache every screen shares asks for the caller's team's labels. */
const LIST = 'GET /api/email-labels?teamId=t-1';
const label = (id: string, name: string, isDefault = false, extra: Partial<Label> = {}): Label => ({
  id,
  name,
  color: 'primary',
  backgroundColor: 'light',
  teamId: 't-1',
  isDefault,
  ...extra,
});
const important = label('l-1', 'Important', true, { color: 'danger', backgroundColor: 'solid' });
const vip = label('l-2', 'VIP');

const namesIn = (testId: string) =>
  within(screen.getByTestId(testId))
    .queryAllByTestId('label-item')
    .map((item) => item.getAttribute('data-name'));

const notice = (key: string, lifeMs: number, severity = 'error') => ({
  severity,
  key: `emailLabels.${key}`,
  lifeMs,
  closeKey: 'emailLabels.close',
});

beforeEach(() => localStorage.clear());

describe('the Email Labels screen', () => {
  it('loads the team’s labels once the user is known and splits default and own labels', async () => {
    const { calls } = renderPage(EmailLabelsPage, { [LIST]: [200, [important, vip]] });
    expect(screen.getByRole('heading', { name: 'Email Labels' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Initialize Default Labels' })).toBeInTheDocument();
    await screen.findByTestId('default-labels');
    expect(namesIn('default-labels')).toEqual(['Important']);
    expect(namesIn('your-labels')).toEqual(['VIP']);
    expect(screen.getByText('Default Labels')).toBeInTheDocument();
    expect(screen.getByText('Your Labels')).toBeInTheDocument();
    expect(screen.queryByTestId('labels-empty')).not.toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([LIST]);
  });

  it('shows the spinner while loading, then the empty state', async () => {
    const fetch = renderPage(EmailLabelsPage, { [LIST]: [200, []] }, { user: null });
    fetch.hold(LIST);
    // No user yet: nothing is asked; the spinner shows that the labels are on their way.
    expect(screen.getByTestId('labels-loading')).toBeInTheDocument();
    expect(fetch.calls).toEqual([]);
    act(() => {
      fetch.store.dispatch(userLoaded(me));
    });
    await waitFor(() => expect(fetch.calls).toHaveLength(1));
    expect(screen.getByTestId('labels-loading')).toBeInTheDocument();
    act(() => fetch.release(LIST));
    expect(
      await screen.findByText('No labels found. Create your first label or initialize default labels.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('labels-loading')).not.toBeInTheDocument();
  });

  it('creates a label with the form’s values, previews it while a name is typed, and clears the name', async () => {
    const created = label('l-3', 'Partner', false, { color: 'success', backgroundColor: 'solid' });
    let labels = [important];
    const { store, calls } = renderPage(EmailLabelsPage, {
      [LIST]: () => [200, labels],
      'POST /api/email-labels': () => {
        labels = [important, created];
        return [200, created];
      },
    });
    await screen.findByTestId('default-labels');
    expect(screen.getByLabelText('Label Name')).toHaveAttribute('placeholder', 'Enter label name');
    expect(screen.queryByText('Preview:')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Label Name'), { target: { value: '  Partner ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solid Background' }));
    expect(screen.getByText('Preview:')).toBeInTheDocument();
    expect(screen.getByTestId('label-preview-tag')).toHaveTextContent('Partner');
    expect(screen.getByTestId('label-preview-tag')).toHaveAttribute('data-background', 'solid');
    expect(screen.getByTestId('label-preview-tag')).toHaveAttribute('data-color', 'primary');

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(namesIn('your-labels')).toEqual(['Partner']));
    // The list is loaded again, as every screen showing the labels does.
    await waitFor(() => expect(calls.filter((call) => `${call.method} ${call.path}` === LIST)).toHaveLength(2));
    expect(namesIn('your-labels')).toEqual(['Partner']);
    expect(calls[1]).toEqual({
      method: 'POST',
      path: '/api/email-labels',
      body: { name: 'Partner', color: 'primary', backgroundColor: 'solid', teamId: 't-1' },
    });
    expect(screen.getByLabelText('Label Name')).toHaveValue('');
    expect(screen.queryByText('Preview:')).not.toBeInTheDocument();
    expect(noticesOf(store)).toEqual([expect.objectContaining(notice('created', 2000, 'success'))]);
  });

  it('asks for a name instead of sending a blank one', async () => {
    const { store, calls } = renderPage(EmailLabelsPage, { [LIST]: [200, []] });
    await screen.findByTestId('labels-empty');
    fireEvent.change(screen.getByLabelText('Label Name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(noticesOf(store)).toEqual([expect.objectContaining(notice('nameRequired', 3000))]));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('deletes an own label; a default label stays with its notice and no call', async () => {
    let labels = [important, vip];
    const { store, calls } = renderPage(EmailLabelsPage, {
      [LIST]: () => [200, labels],
      'DELETE /api/email-labels/l-2': () => {
        labels = [important];
        return [200, { success: true, message: 'Label deleted' }];
      },
    });
    await screen.findByTestId('your-labels');
    fireEvent.click(screen.getByRole('button', { name: 'Delete label Important' }));
    await waitFor(() =>
      expect(noticesOf(store)).toEqual([expect.objectContaining(notice('defaultUndeletable', 3000))]),
    );
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete label VIP' }));
    await waitFor(() => expect(namesIn('your-labels')).toEqual([]));
    expect(screen.getByText('No labels of your own yet.')).toBeInTheDocument();
    expect(noticesOf(store)[1]).toEqual(expect.objectContaining(notice('deleted', 2000, 'success')));
  });

  it('initializes the default labels and reloads the list', async () => {
    let initialized = false;
    const { store, calls } = renderPage(EmailLabelsPage, {
      [LIST]: () => [200, initialized ? [important, vip] : [vip]],
      'POST /api/email-labels/initialize': () => {
        initialized = true;
        return [200, [important, vip]];
      },
    });
    await screen.findByTestId('your-labels');
    expect(namesIn('default-labels')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Initialize Default Labels' }));
    await waitFor(() => expect(namesIn('default-labels')).toEqual(['Important']));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      LIST,
      'POST /api/email-labels/initialize',
      LIST,
    ]);
    expect(noticesOf(store)).toEqual([expect.objectContaining(notice('initialized', 2000, 'success'))]);
  });

  it('says so when loading, creating, deleting or initializing fails', async () => {
    let listFails = true;
    const { store } = renderPage(EmailLabelsPage, {
      [LIST]: () => (listFails ? [500, { message: 'down' }] : [200, [vip]]),
      'POST /api/email-labels': [500, { message: 'down' }],
      'POST /api/email-labels/initialize': [500, { message: 'down' }],
    });
    await waitFor(() => expect(noticesOf(store)).toEqual([expect.objectContaining(notice('loadError', 3000))]));
    // On a load error, loading simply stops.
    expect(screen.queryByTestId('labels-loading')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Label Name'), { target: { value: 'Partner' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(noticesOf(store)[1]).toEqual(expect.objectContaining(notice('createError', 3000))));
    expect(screen.getByLabelText('Label Name')).toHaveValue('Partner');

    fireEvent.click(screen.getByRole('button', { name: 'Initialize Default Labels' }));
    await waitFor(() => expect(noticesOf(store)[2]).toEqual(expect.objectContaining(notice('initializeError', 3000))));

    // Another member creates a label: the list is loaded again, this time with success.
    listFails = false;
    act(() => {
      store.dispatch(labelChanged({ kind: 'created', label: vip }));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete label VIP' }));
    await waitFor(() => expect(noticesOf(store)[3]).toEqual(expect.objectContaining(notice('deleteError', 3000))));
    expect(namesIn('your-labels')).toEqual(['VIP']);
  });

  it('keeps the labels shown before when a reload fails, with the error notice', async () => {
    let listFails = false;
    const { store } = renderPage(EmailLabelsPage, {
      [LIST]: () => (listFails ? [500, { message: 'down' }] : [200, [important, vip]]),
    });
    await screen.findByTestId('your-labels');
    listFails = true;
    act(() => {
      store.dispatch(labelChanged({ kind: 'created', label: vip }));
    });
    await waitFor(() => expect(noticesOf(store)).toEqual([expect.objectContaining(notice('loadError', 3000))]));
    expect(screen.queryByTestId('labels-loading')).not.toBeInTheDocument();
    expect(namesIn('default-labels')).toEqual(['Important']);
    expect(namesIn('your-labels')).toEqual(['VIP']);
    expect(screen.queryByTestId('labels-empty')).not.toBeInTheDocument();
  });

  it('follows labels other members create, change and delete (the push has the list loaded again)', async () => {
    let labels = [important];
    const { store } = renderPage(EmailLabelsPage, { [LIST]: () => [200, labels] });
    await screen.findByTestId('default-labels');
    labels = [important, vip];
    act(() => {
      store.dispatch(labelChanged({ kind: 'created', label: vip }));
    });
    await waitFor(() => expect(namesIn('your-labels')).toEqual(['VIP']));
    labels = [important, { ...vip, name: 'V.I.P.' }];
    act(() => {
      store.dispatch(labelChanged({ kind: 'updated', label: { ...vip, name: 'V.I.P.' } }));
    });
    await waitFor(() => expect(namesIn('your-labels')).toEqual(['V.I.P.']));
    labels = [{ ...vip, name: 'V.I.P.' }];
    act(() => {
      store.dispatch(labelChanged({ kind: 'deleted', labelId: 'l-1' }));
    });
    await waitFor(() => expect(namesIn('default-labels')).toEqual([]));
  });

  it('shares the labels with every screen: one cache, loaded once for the screen', async () => {
    const { store, calls } = renderPage(EmailLabelsPage, { [LIST]: [200, [important, vip]] });
    await screen.findByTestId('your-labels');
    expect(selectTeamLabels(store.getState())).toEqual([important, vip]);
    act(() => {
      store.dispatch(teamApi.endpoints.teamLabels.initiate());
    });
    expect(calls).toHaveLength(1);
  });

  it('shows each notice with its Close action, which closes it', async () => {
    renderPage(EmailLabelsPage, { [LIST]: [200, []] }, { notices: true });
    await screen.findByTestId('labels-empty');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const shown = await screen.findByText('Please enter a label name');
    const close = within(screen.getByTestId('notice')).getByRole('button', { name: 'Close' });
    fireEvent.click(close);
    await waitFor(() => expect(shown).not.toBeInTheDocument());
  });
});
