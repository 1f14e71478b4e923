/**
 * Texts of the admin shell's customizer (key `customizer`). The spec names the header button 'Customizer' (Czech
 * 'Přizpůsobit') and the settings only; the other words are the product's own (docs/customizer.md).
 */
export const customizerEn = {
  open: 'Customizer',
  heading: 'Customizer',
  theme: 'Theme',
  light: 'Light',
  dark: 'Dark',
  direction: 'Direction',
  ltr: 'LTR',
  rtl: 'RTL',
  colorTheme: 'Colour theme',
  colors: {
    blue: 'Blue',
    indigo: 'Indigo',
    purple: 'Purple',
    pink: 'Pink',
    teal: 'Teal',
    green: 'Green',
  },
  layout: 'Layout',
  vertical: 'Vertical',
  horizontal: 'Horizontal',
  container: 'Container',
  boxed: 'Boxed',
  full: 'Full',
  sidebar: 'Sidebar',
  sidebarFull: 'Full',
  sidebarMini: 'Mini',
  cards: 'Cards',
  border: 'Border',
  shadow: 'Shadow',
  reset: 'Reset to defaults',
};
