import type { TextsOf } from '@teaminbox/ui';

/**
 * English texts of the settings remote (profile, notifications, notification settings): i18next namespace
 * 'settings'. Values are the spec's product texts verbatim; texts the spec gives in Czech stay Czech in both
 * languages.
 */
export const settingsEn = {
  profile: {
    photoUpdated: 'Profilová fotografie byla aktualizována',
    photoFailed: 'Nahrání fotografie selhalo',
    close: 'Zavřít',
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
  },
  notifications: {
    empty: 'Žádné notifikace',
    markRead: 'Označit jako přečtené',
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
  },
  notificationSettings: {
    vacation: 'I am on vacation (do not auto-assign e-mails to me)',
    saveAvailability: 'Save availability',
    typeEMAIL_RECEIVED: 'New e-mails',
    typeTASK_ASSIGNED: 'Assigned tasks',
    typeCOMMENT_ADDED: 'New comments',
    saving: 'Ukládám...',
    reset: 'Reset to defaults',
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
  },
  remote: {
    loading: 'Loading...',
  },
};

export type SettingsTexts = TextsOf<typeof settingsEn>;
