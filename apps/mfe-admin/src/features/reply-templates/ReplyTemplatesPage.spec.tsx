import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReplyTemplate } from '@teaminbox/contracts';
import { replyTemplateChanged } from '@teaminbox/web-store';
import { renderPage } from '../../testing/admin-harness';
import ReplyTemplatesPage from './ReplyTemplatesPage';

const LIST = 'GET /api/reply-templates';
const thanks: ReplyTemplate = { id: 'r-1', name: 'Thanks', subject: 'Re: thanks', body: 'Thank you', htmlBody: '' };
const apology: ReplyTemplate = { id: 'r-2', name: 'Apology', subject: '', body: '', htmlBody: '<p>Sorry</p>' };

const rows = () =>
  screen.queryAllByTestId('template-row').map((row) =>
    within(row)
      .getAllByRole('cell')
      .slice(0, 2)
      .map((cell) => cell.textContent),
  );

describe('the Reply templates screen', () => {
  it('lists the team’s templates with name, subject, edit and delete', async () => {
    renderPage(ReplyTemplatesPage, { [LIST]: [200, [apology, thanks]] });
    expect(screen.getByRole('heading', { name: 'Reply templates' })).toBeInTheDocument();
    await waitFor(() =>
      expect(rows()).toEqual([
        ['Apology', ''],
        ['Thanks', 'Re: thanks'],
      ]),
    );
    expect(screen.getByRole('button', { name: 'Edit template Thanks' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete template Thanks' })).toBeInTheDocument();
  });

  it('creates a template in the editor (subject optional) and returns to the reloaded list', async () => {
    let saved: ReplyTemplate[] = [];
    const { calls } = renderPage(ReplyTemplatesPage, {
      [LIST]: () => [200, saved],
      'POST /api/reply-templates': (body) => {
        saved = [{ id: 'r-9', ...(body as Omit<ReplyTemplate, 'id'>) }];
        return [200, saved[0]];
      },
    });
    expect(await screen.findByText('No reply templates yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'New template' }));
    expect(screen.getByLabelText('Plain text body')).toHaveAttribute('rows', '4');
    expect(screen.getByLabelText('HTML body')).toHaveAttribute('rows', '6');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Welcome' } });
    fireEvent.change(screen.getByLabelText('Plain text body'), { target: { value: 'Welcome aboard' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rows()).toEqual([['Welcome', '']]));
    expect(screen.queryByTestId('template-editor')).not.toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([LIST, 'POST /api/reply-templates', LIST]);
    expect(calls[1].body).toEqual({ name: 'Welcome', subject: '', body: 'Welcome aboard', htmlBody: '' });
  });

  it('updates an existing template (it has an id) and discards edits on Cancel', async () => {
    const { calls } = renderPage(ReplyTemplatesPage, {
      [LIST]: [200, [thanks]],
      'PUT /api/reply-templates/r-1': (body) => [200, { id: 'r-1', ...(body as object) }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit template Thanks' }));
    expect(screen.getByText('Edit template')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue('Re: thanks');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Discarded' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('template-editor')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Edit template Thanks' }));
    expect(screen.getByLabelText('Subject')).toHaveValue('Re: thanks');
    fireEvent.change(screen.getByLabelText('HTML body'), { target: { value: '<b>Thank you</b>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('template-editor')).not.toBeInTheDocument());
    expect(calls[1]).toEqual({
      method: 'PUT',
      path: '/api/reply-templates/r-1',
      body: { name: 'Thanks', subject: 'Re: thanks', body: 'Thank you', htmlBody: '<b>Thank you</b>' },
    });
    expect(calls[2]).toMatchObject({ method: 'GET', path: '/api/reply-templates' });
  });

  it('keeps the editor open when saving fails, and logs load failures only', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = renderPage(ReplyTemplatesPage, {
      [LIST]: [500, { message: 'down' }],
      'POST /api/reply-templates': [400, { message: 'Please enter a template name' }],
    });
    await waitFor(() => expect(error).toHaveBeenCalledWith('reply templates could not be loaded', expect.anything()));
    fireEvent.click(screen.getByRole('button', { name: 'New template' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).not.toBeDisabled());
    expect(screen.getByTestId('template-editor')).toBeInTheDocument();
    error.mockRestore();
  });

  it('deletes a template and loads the list again when other members save or delete one', async () => {
    let templates = [apology, thanks];
    const { store, calls } = renderPage(ReplyTemplatesPage, {
      [LIST]: () => [200, templates],
      'DELETE /api/reply-templates/r-2': () => {
        templates = [thanks];
        return [200, { success: true, message: 'Reply template deleted' }];
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete template Apology' }));
    await waitFor(() => expect(rows()).toEqual([['Thanks', 'Re: thanks']]));
    templates = [apology, thanks];
    act(() => {
      store.dispatch(replyTemplateChanged({ kind: 'saved', template: apology }));
    });
    await waitFor(() =>
      expect(rows()).toEqual([
        ['Apology', ''],
        ['Thanks', 'Re: thanks'],
      ]),
    );
    templates = [apology];
    act(() => {
      store.dispatch(replyTemplateChanged({ kind: 'deleted', templateId: 'r-1' }));
    });
    await waitFor(() => expect(rows()).toEqual([['Apology', '']]));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      LIST,
      'DELETE /api/reply-templates/r-2',
      LIST,
      LIST,
      LIST,
    ]);
  });

  it('keeps one cache of the templates: the screen opened again shows them at once without loading them again', async () => {
    function Reopened() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown((now) => !now)}>
            Toggle
          </button>
          {shown ? <ReplyTemplatesPage /> : null}
        </>
      );
    }
    const { calls } = renderPage(Reopened, { [LIST]: [200, [thanks]] });
    await waitFor(() => expect(rows()).toEqual([['Thanks', 'Re: thanks']]));
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(rows()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(rows()).toEqual([['Thanks', 'Re: thanks']]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([LIST]);
  });
});
