import type { UiTexts } from './en';

/** Czech texts of namespace 'ui' (loaded when Czech is chosen); the same keys as in English. */
export const uiCs: UiTexts = {
  emailProof: {
    title: 'Potvrďte svou e-mailovou adresu',
    why: 'Pozvánky a e-mailové notifikace odesíláme jen z potvrzených adres a na ně. Potvrďte, že adresa {{email}} je vaše: jednou se přihlaste odkazem, který na ni pošleme, a pak si nastavte nové heslo.',
    send: 'Poslat mi přihlašovací odkaz',
    sent: 'Na adresu {{email}} jsme poslali přihlašovací odkaz. Otevřete ho a adresu tím potvrdíte.',
    failed: 'Přihlašovací odkaz se nepodařilo odeslat. Zkuste to prosím znovu.',
  },
  standalone: {
    heading: 'Samostatný vývoj',
    signIn: 'Přihlásit se',
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
  login: {
    email: 'E-mail',
    password: 'Heslo',
  },
  nav: {
    language: 'Jazyk',
    theme: 'Motiv',
    themeDark: 'Tmavý',
    themeLight: 'Světlý',
  },
  notifications: {
    hoursAgo: 'Před {{n}} hod',
    justNow: 'Právě teď',
    minutesAgo: 'Před {{n}} min',
    // The store's notices about notifications, shown by the notice toasts whichever remote raised them.
    allMarked: 'Všechny notifikace označeny jako přečtené',
    browserDenied: 'Notifikace nejsou povoleny',
    browserEnabled: 'Prohlížečové notifikace povoleny',
    browserUnavailable: 'Nelze požádat o povolení',
    markAllError: 'Chyba při označování notifikací',
    markError: 'Chyba při označování notifikace',
    snoozed: 'Notifikace ztlumeny na {{n}} min',
  },
};
