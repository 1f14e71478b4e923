/**
 * Texts of the Notifications screen, the notification settings and the profile. The spec's Czech texts (the
 * notifications screen, its notices, the relative times, the photo notices) and its English ones (the settings
 * labels it names) are the same in both languages.
 */
const czechInBoth = {
  empty: 'Žádné notifikace',
  markRead: 'Označit jako přečtené',
  justNow: 'Právě teď',
  minutesAgo: 'Před {{n}} min',
  hoursAgo: 'Před {{n}} hod',
  markError: 'Chyba při označování notifikace',
  markAllError: 'Chyba při označování notifikací',
  allMarked: 'Všechny notifikace označeny jako přečtené',
  browserEnabled: 'Prohlížečové notifikace povoleny',
  browserDenied: 'Notifikace nejsou povoleny',
  browserUnavailable: 'Nelze požádat o povolení',
  snoozed: 'Notifikace ztlumeny na {{n}} min',
};

export const notificationsEn = {
  ...czechInBoth,
  heading: 'Notifications',
  markAllRead: 'Mark all as read',
  refresh: 'Refresh',
  enableBrowser: 'Enable browser notifications',
  unread: 'Unread',
  bell: 'Notifications',
  snooze: 'Snooze',
  snoozeFor: '{{n}} min',
  snoozedUntil: 'Snoozed until {{time}}',
  endSnooze: 'End snooze',
  showAll: 'Show all notifications',
  newEmail: 'New e-mail: {{subject}}',
};

export const notificationsCs: typeof notificationsEn = {
  ...czechInBoth,
  heading: 'Notifikace',
  markAllRead: 'Označit vše jako přečtené',
  refresh: 'Obnovit',
  enableBrowser: 'Povolit prohlížečové notifikace',
  unread: 'Nepřečtené',
  bell: 'Notifikace',
  snooze: 'Ztlumit',
  snoozeFor: '{{n}} min',
  snoozedUntil: 'Ztlumeno do {{time}}',
  endSnooze: 'Zrušit ztlumení',
  showAll: 'Zobrazit všechny notifikace',
  newEmail: 'Nový e-mail: {{subject}}',
};

const settingsInBoth = {
  vacation: 'I am on vacation (do not auto-assign e-mails to me)',
  saveAvailability: 'Save availability',
  typeEMAIL_RECEIVED: 'New e-mails',
  typeTASK_ASSIGNED: 'Assigned tasks',
  typeCOMMENT_ADDED: 'New comments',
  saving: 'Ukládám...',
  reset: 'Reset to defaults',
};

export const notificationSettingsEn = {
  ...settingsInBoth,
  heading: 'Notification settings',
  availability: 'Availability',
  availabilityNote: 'Availability affects automatic assignment in rules.',
  availabilitySaved: 'Availability saved',
  general: 'General settings',
  useThreads: 'Use conversation threads',
  shareComments: 'Share internal comments within a thread',
  emailNotifications: 'E-mail notifications',
  browserPush: 'Browser push notifications',
  slack: 'Slack notifications',
  slackWebhook: 'Slack webhook URL',
  slackOff: 'Slack was switched off: {{reason}}',
  types: 'Notification types',
  enabled: 'Enabled',
  email: 'E-mail',
  push: 'Push',
  slackChannel: 'Slack',
  customMessage: 'Custom message',
  signature: 'HTML signature (used for replies)',
  save: 'Save',
  saved: 'Settings saved',
};

export const notificationSettingsCs: typeof notificationSettingsEn = {
  ...settingsInBoth,
  heading: 'Nastavení notifikací',
  availability: 'Dostupnost',
  availabilityNote: 'Dostupnost ovlivňuje automatické přiřazování v pravidlech.',
  availabilitySaved: 'Dostupnost uložena',
  general: 'Obecná nastavení',
  useThreads: 'Používat vlákna konverzací',
  shareComments: 'Sdílet interní komentáře ve vlákně',
  emailNotifications: 'E-mailové notifikace',
  browserPush: 'Push notifikace v prohlížeči',
  slack: 'Notifikace do Slacku',
  slackWebhook: 'URL webhooku Slacku',
  slackOff: 'Slack byl vypnut: {{reason}}',
  types: 'Typy notifikací',
  enabled: 'Zapnuto',
  email: 'E-mail',
  push: 'Push',
  slackChannel: 'Slack',
  customMessage: 'Vlastní zpráva',
  signature: 'HTML podpis (pro odpovědi)',
  save: 'Uložit',
  saved: 'Nastavení uloženo',
};

const profileInBoth = {
  photoUpdated: 'Profilová fotografie byla aktualizována',
  photoFailed: 'Nahrání fotografie selhalo',
  close: 'Zavřít',
};

export const profileEn = {
  ...profileInBoth,
  heading: 'Profile',
  email: 'Email',
  role: 'Role',
  team: 'Team',
  noTeam: 'No team yet',
  photo: 'Profile photo',
  chooseImage: 'Choose image',
  photoHint: 'Square image, at least 128x128 px',
  savePhoto: 'Save photo',
  viewMode: 'Detail view mode',
  classic: 'Classic',
  timeline: 'Timeline',
};

export const profileCs: typeof profileEn = {
  ...profileInBoth,
  heading: 'Profil',
  email: 'E-mail',
  role: 'Role',
  team: 'Tým',
  noTeam: 'Zatím bez týmu',
  photo: 'Profilová fotografie',
  chooseImage: 'Vybrat obrázek',
  photoHint: 'Čtvercový obrázek, alespoň 128x128 px',
  savePhoto: 'Uložit fotografii',
  viewMode: 'Režim zobrazení detailu',
  classic: 'Klasický',
  timeline: 'Časová osa',
};
