import type { TextsOf } from './i18n';

/**
 * English texts of the shared components of libs/ui (language and theme switches, keyboard help, the email proof
 * notice, notification times and notices, the standalone sign-in): i18next namespace 'ui'. Values are the spec's product texts
 * verbatim; texts the spec gives in Czech stay Czech in both languages.
 */
export const uiEn = {
  emailProof: {
    title: 'Confirm your email address',
    why: 'Invitations and notification emails are sent only from and to addresses that are confirmed. Confirm that {{email}} is yours: sign in once with a login link sent to it, then set a new password.',
    send: 'Send me a login link',
    sent: 'We have sent a login link to {{email}}. Open it to confirm your address.',
    failed: 'The login link could not be sent. Please try again.',
  },
  standalone: {
    heading: 'Standalone development',
    signIn: 'Sign In',
  },
  shortcuts: {
    heading: 'Keyboard shortcuts',
    open: 'Show keyboard shortcuts',
    next: 'Next email',
    previous: 'Previous email',
    openEmail: 'Open the email',
    archive: 'Archive',
    spam: 'Mark as spam',
    assignToMe: 'Assign to me',
    label: 'Add a label',
    reply: 'Reply',
    search: 'Search',
    help: 'Show this list',
    close: 'Close',
  },
  login: {
    email: 'Email',
    password: 'Password',
  },
  nav: {
    language: 'Language',
    theme: 'Theme',
    themeDark: 'Dark',
    themeLight: 'Light',
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

export type UiTexts = TextsOf<typeof uiEn>;
