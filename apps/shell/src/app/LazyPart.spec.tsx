import { lazy } from 'react';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { initI18n } from '@teaminbox/ui';
import { createAppStore } from '@teaminbox/web-store';
import { LazyPart, Loading } from './LazyPart';

const Loaded = lazy(async () => ({ default: () => <p>the part</p> }));
const Unloadable = lazy(async () => {
  throw new Error('ChunkLoadError: Loading chunk 397 failed');
});

describe('a lazily loaded part of the shell', () => {
  beforeAll(() => initI18n('en'));

  it('shows what it loads', async () => {
    render(
      <LazyPart name="the part" loading={<p>loading</p>}>
        <Loaded />
      </LazyPart>,
    );
    expect(await screen.findByText('the part')).toBeInTheDocument();
  });

  it('whose code cannot load shows its failure in its place, names it in the console, and the page stays', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <div>
        <p>the rest of the page</p>
        <LazyPart name="the bell" loading={<p>loading</p>} failed={<p>no bell</p>}>
          <Unloadable />
        </LazyPart>
      </div>,
    );
    expect(await screen.findByText('no bell')).toBeInTheDocument();
    expect(screen.getByText('the rest of the page')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('the bell could not be loaded', expect.any(Error), expect.any(String));
    error.mockRestore();
  });

  it('a screen whose code cannot load says so, with Retry', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Provider store={createAppStore()}>
        <Loading>
          <Unloadable />
        </Loading>
      </Provider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This part of the app is unavailable right now. Please try again later.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    error.mockRestore();
  });
});
