import { THEME_LINK_ID } from '@teaminbox/ui';
import {
  applySettings,
  clearLayout,
  customizerKey,
  defaultSettings,
  loadSettings,
  parseSettings,
  saveSettings,
} from './customizerSettings';

const root = document.documentElement;

beforeEach(() => {
  localStorage.clear();
  clearLayout();
  document.getElementById(THEME_LINK_ID)?.remove();
});

describe('the customizer settings', () => {
  it('default to left to right, vertical, full container and sidebar, card shadows and the theme in use', () => {
    localStorage.setItem('theme', 'dark');
    expect(defaultSettings()).toEqual({
      theme: 'dark',
      color: 'blue',
      direction: 'ltr',
      layout: 'vertical',
      container: 'full',
      sidebar: 'full',
      card: 'shadow',
    });
  });

  it('are kept per user: one user’s settings are not another’s', () => {
    saveSettings('u-1', { ...defaultSettings(), direction: 'rtl', layout: 'horizontal', color: 'teal' });
    expect(loadSettings('u-1')).toMatchObject({ direction: 'rtl', layout: 'horizontal', color: 'teal' });
    expect(loadSettings('u-2')).toEqual(defaultSettings());
    expect(JSON.parse(localStorage.getItem(customizerKey('u-1'))!)).toMatchObject({ direction: 'rtl' });
  });

  it('replace unknown or broken stored values by the defaults', () => {
    expect(parseSettings('{"direction":"up","layout":"horizontal","color":"orange","card":7}')).toEqual({
      ...defaultSettings(),
      layout: 'horizontal',
    });
    expect(parseSettings('not json')).toEqual(defaultSettings());
    expect(parseSettings('null')).toEqual(defaultSettings());
  });

  it('apply to the whole page: dir, the layout attributes and the theme link in its colour; cleared on leaving', () => {
    applySettings({
      theme: 'dark',
      color: 'purple',
      direction: 'rtl',
      layout: 'horizontal',
      container: 'boxed',
      sidebar: 'mini',
      card: 'border',
    });
    expect(root.dir).toBe('rtl');
    expect({ ...root.dataset }).toMatchObject({
      layout: 'horizontal',
      container: 'boxed',
      sidebar: 'mini',
      card: 'border',
      theme: 'dark',
      themeColor: 'purple',
    });
    expect(document.getElementById(THEME_LINK_ID)?.getAttribute('href')).toBe('/themes/lara-dark-purple/theme.css');
    expect(localStorage.getItem('theme')).toBe('dark');

    clearLayout();
    expect(root.hasAttribute('dir')).toBe(false);
    expect(root.dataset.layout).toBeUndefined();
    expect(root.dataset.sidebar).toBeUndefined();
    expect(root.dataset.theme).toBe('dark');
  });
});
