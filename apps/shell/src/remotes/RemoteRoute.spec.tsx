import { createSlice } from '@reduxjs/toolkit';
import { fireEvent, screen } from '@testing-library/react';
import type { RemoteFeature } from '@teaminbox/web-store';
import { renderScreen } from '../testing/render';
import { RemoteRoute, type RemoteLoader } from './RemoteRoute';

const notesSlice = createSlice({ name: 'notes', initialState: { items: ['first'] }, reducers: {} });
const feature: RemoteFeature = { key: 'notes', slices: [notesSlice] };

function Page() {
  return <p>the remote page</p>;
}

function loader(failures: number): RemoteLoader & { loads: string[]; resets: number } {
  let left = failures;
  const result = {
    loads: [] as string[],
    resets: 0,
    async load<T>(_remote: string, exposed: string): Promise<T> {
      result.loads.push(exposed);
      if (left > 0) {
        left--;
        throw new Error('manifest 404');
      }
      return (exposed === 'feature' ? { default: feature } : { default: Page }) as T;
    },
    reset() {
      result.resets++;
    },
  };
  return result;
}

describe('a remote route', () => {
  it('injects the remote feature and shows its page', async () => {
    const l = loader(0);
    const { store } = renderScreen('/admin/notes', <RemoteRoute remote="inbox" page="NotesPage" loader={l} />);
    expect(await screen.findByText('the remote page')).toBeInTheDocument();
    expect((store.getState() as unknown as { notes: unknown }).notes).toEqual({ items: ['first'] });
    expect(store.hasFeature('notes')).toBe(true);
  });

  it('shows a clear message with Retry when the remote cannot be loaded', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const l = loader(1);
    renderScreen('/admin/notes', <RemoteRoute remote="settings" page="NotesPage" loader={l} />);
    expect(await screen.findByTestId('remote-unavailable')).toHaveTextContent(
      'This part of the app is unavailable right now. Please try again later.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('the remote page')).toBeInTheDocument();
    expect(l.resets).toBe(1);
    error.mockRestore();
  });

  it('shows the message when the remote page throws while rendering', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken: RemoteLoader = {
      load: async <T,>(_r: string, exposed: string) =>
        (exposed === 'feature'
          ? { default: feature }
          : {
              default: () => {
                throw new Error('render failed');
              },
            }) as T,
      reset: () => undefined,
    };
    renderScreen('/admin/notes', <RemoteRoute remote="admin" page="NotesPage" loader={broken} />);
    expect(await screen.findByTestId('remote-unavailable')).toBeInTheDocument();
    error.mockRestore();
  });
});
