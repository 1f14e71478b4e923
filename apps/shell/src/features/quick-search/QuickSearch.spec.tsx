import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { firstScreenShown } from '@teaminbox/api-client';
import { fakeFetch, renderScreen } from '../../testing/render';
import { QuickSearch } from './QuickSearch';

const email = { id: 'e1', subject: 'Invoice 42 overdue', fromName: 'Billing', fromEmail: 'billing@x.test' };

// The placeholder's test comes first: the first screen is shown once per page (module), then the field loads.
describe('the quick search placeholder', () => {
  it('leads to the inbox searching the text on Enter, and nowhere with a blank one', async () => {
    fakeFetch({});
    renderScreen('/admin', <QuickSearch />, { '/admin/inbox': 'the inbox' });
    const placeholder = screen.getByTestId('quick-search');
    fireEvent.change(placeholder, { target: { value: '   ' } });
    fireEvent.keyDown(placeholder, { key: 'Enter' });
    expect(screen.queryByText('the inbox')).toBeNull();
    fireEvent.change(placeholder, { target: { value: ' late invoice ' } });
    fireEvent.keyDown(placeholder, { key: 'Enter' });
    await waitFor(() => expect(screen.getByText('the inbox')).toBeInTheDocument());
  });
});

describe('the quick search before and after its AutoComplete loads', () => {
  it('keeps what was typed into its placeholder, with the focus, and shows its results', async () => {
    const calls = fakeFetch({
      'GET /api/emails/search': [200, { content: [email], totalPages: 1, totalElements: 1, number: 0, size: 5 }],
    });
    renderScreen('/admin', <QuickSearch />);
    const placeholder = screen.getByTestId('quick-search');
    expect(placeholder).toHaveAccessibleName('Search emails');
    placeholder.focus();
    fireEvent.change(placeholder, { target: { value: 'invoice' } });
    expect(calls).toHaveLength(0);

    act(() => firstScreenShown());

    expect(await screen.findByTestId('quick-search-result')).toHaveTextContent('Invoice 42 overdue');
    const field = screen.getByTestId('quick-search');
    expect(field).not.toBe(placeholder);
    expect(field).toHaveValue('invoice');
    expect(field).toHaveFocus();
    expect(calls.filter((call) => call.path === '/api/emails/search')).toHaveLength(1);
  });
});
