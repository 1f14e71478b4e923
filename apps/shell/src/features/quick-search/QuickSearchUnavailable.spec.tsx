import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { firstScreenShown } from '@teaminbox/api-client';
import { fakeFetch, renderScreen } from '../../testing/render';
import { QuickSearch } from './QuickSearch';

// The AutoComplete's code cannot be loaded (a network failure, a broken deployment).
jest.mock('./QuickSearchField', () => {
  throw new Error('the chunk could not be loaded');
});

describe('the quick search when its AutoComplete cannot load', () => {
  it('keeps the placeholder, which still leads to the inbox search, and says why in the console', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeFetch({});
    renderScreen('/admin', <QuickSearch />, { '/admin/inbox': 'the inbox' });
    act(() => firstScreenShown());
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        "the quick search's results list could not be loaded",
        expect.any(Error),
        expect.any(String),
      ),
    );
    const field = screen.getByTestId('quick-search');
    fireEvent.change(field, { target: { value: 'invoice' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText('the inbox')).toBeInTheDocument();
  });
});
