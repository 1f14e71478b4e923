import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { initI18n, setLanguage, ThemeSwitch } from '@teaminbox/ui';
import { createAppStore, userLoaded } from '@teaminbox/web-store';
import { Customizer } from './Customizer';
import { clearLayout, customizerKey } from './customizerSettings';

const user = (id: string) => ({
  id,
  email: `${id}@example.com`,
  firstName: null,
  lastName: null,
  role: null,
  teamId: null,
});
const root = document.documentElement;

async function renderCustomizer(language: 'en' | 'cs' = 'en') {
  initI18n();
  // The Czech texts (ours and PrimeReact's) load on demand; English puts PrimeReact's locale back.
  await act(() => setLanguage(language));
  const store = createAppStore({ withoutCoreSagas: true });
  store.dispatch(userLoaded(user('u-1')));
  const view = render(
    <Provider store={store}>
      <ThemeSwitch />
      <Customizer />
    </Provider>,
  );
  return { store, ...view };
}

const choose = (group: string, name: string) =>
  act(() => {
    fireEvent.click(screen.getByTestId(`customizer-${group}`).querySelector(`[aria-label="${name}"]`)!);
  });

beforeEach(() => {
  localStorage.clear();
  clearLayout();
});

describe('the customizer', () => {
  it('opens from the header button named Customizer (Přizpůsobit in Czech)', async () => {
    await renderCustomizer('cs');
    expect(screen.getByRole('button', { name: 'Přizpůsobit' })).toBeInTheDocument();
  });

  it('applies each setting to the page at once and keeps it for the user', async () => {
    const { store, unmount } = await renderCustomizer();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Customizer' }));
    });
    // The panel's code loads when it is first opened: on a loaded machine that first import takes more than the
    // default second.
    expect(await screen.findByText('Colour theme', undefined, { timeout: 10_000 })).toBeInTheDocument();

    choose('direction', 'RTL');
    expect(root.dir).toBe('rtl');
    choose('layout', 'Horizontal');
    choose('container', 'Boxed');
    choose('sidebar', 'Mini');
    choose('card', 'Border');
    expect({ ...root.dataset }).toMatchObject({
      layout: 'horizontal',
      container: 'boxed',
      sidebar: 'mini',
      card: 'border',
    });
    choose('color', 'Teal');
    choose('theme', 'Dark');
    expect(document.getElementById('theme-link')?.getAttribute('href')).toBe('/themes/lara-dark-teal/theme.css');
    // The header's light/dark switch follows the customizer.
    expect(screen.getByTestId('theme-toggle')).toHaveAccessibleName('Theme: Light');
    expect(JSON.parse(localStorage.getItem(customizerKey('u-1'))!)).toEqual({
      theme: 'dark',
      color: 'teal',
      direction: 'rtl',
      layout: 'horizontal',
      container: 'boxed',
      sidebar: 'mini',
      card: 'border',
    });

    // Another user signs in on this browser: their own (default) layout.
    act(() => {
      store.dispatch(userLoaded(user('u-2')));
    });
    expect(root.dir).toBe('ltr');
    expect(root.dataset.layout).toBe('vertical');

    // Leaving the admin area clears the layout.
    unmount();
    expect(root.hasAttribute('dir')).toBe(false);
    expect(root.dataset.layout).toBeUndefined();
  });

  it('applies a user’s kept settings when the admin area opens, and resets them to the defaults', async () => {
    localStorage.setItem(
      customizerKey('u-1'),
      JSON.stringify({ direction: 'rtl', layout: 'horizontal', color: 'pink', theme: 'dark' }),
    );
    await renderCustomizer();
    expect(root.dir).toBe('rtl');
    expect(root.dataset.layout).toBe('horizontal');
    expect(document.getElementById('theme-link')?.getAttribute('href')).toBe('/themes/lara-dark-pink/theme.css');

    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Customizer' }));
    });
    const reset = await screen.findByRole('button', { name: 'Reset to defaults' }, { timeout: 10_000 });
    act(() => {
      fireEvent.click(reset);
    });
    expect(root.dir).toBe('ltr');
    expect(root.dataset.layout).toBe('vertical');
    expect(document.getElementById('theme-link')?.getAttribute('href')).toBe('/themes/lara-light-blue/theme.css');
  });
});
