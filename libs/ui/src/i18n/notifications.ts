/**
 * Texts of the Notifications screen, the notification settings and the profile. The spec's Czech texts (the
 * notifications screen, its notices, the relative times, the photo notices) and its English ones (the settings
 * labels it names) are the same in both languages.
 */
export const czechInBoth = {
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

export const settingsInBoth = {
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

export const profileInBoth = {
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
