import type { usabilityEn } from './usability';

export const usabilityCs: typeof usabilityEn = {
  notFound: {
    heading: 'Stránka nenalezena',
    text: 'Na adrese {{path}} žádná stránka není.',
    back: 'Zpět na přehled',
  },
  layout: {
    toggleMenu: 'Zobrazit nebo skrýt menu',
    menu: 'Menu',
    closeMenu: 'Zavřít menu',
    userMenu: 'Uživatelské menu',
    skipToContent: 'Přejít na obsah',
  },
  shortcuts: {
    heading: 'Klávesové zkratky',
    open: 'Zobrazit klávesové zkratky',
    next: 'Další email',
    previous: 'Předchozí email',
    openEmail: 'Otevřít email',
    archive: 'Archivovat',
    spam: 'Označit jako spam',
    assignToMe: 'Přiřadit mně',
    label: 'Přidat štítek',
    reply: 'Odpovědět',
    search: 'Hledat',
    help: 'Zobrazit tento seznam',
    close: 'Zavřít',
  },
};
