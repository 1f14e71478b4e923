import { cs } from './cs';
import { en } from './en';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('i18n resources', () => {
  it('has the same keys in English and Czech', () => {
    expect(keys(cs).sort()).toEqual(keys(en).sort());
  });

  it('holds the spec texts verbatim in English', () => {
    expect(en.login).toMatchObject({
      heading: 'Welcome back!',
      intro: 'Enter your email address and password to access admin dashboard.',
      forgotPassword: 'Forgot password?',
      submit: 'Log In',
      resetHeading: 'Reset Password',
      resetIntro: 'We will send you a login link and then you can change your password.',
      sendResetLink: 'Send Reset Link',
      invalidEmail: 'Enter valid email address!',
    });
    expect(en.register).toMatchObject({
      heading: "Let's make an account!",
      submit: 'Create Account',
      success: 'Account Created Successfully!',
      goToLogin: 'Go to Login',
    });
    expect(en.dashboard).toMatchObject({
      heading: 'Admin Dashboard',
      openInbox: 'Open Inbox',
      manageMembers: 'Manage Members',
    });
    expect(en.team).toMatchObject({
      heading: 'Team Members Management',
      created: 'Team created successfully.',
      createFailed: 'Failed to create team.',
    });
    expect(en.inbox).toMatchObject({ loading: 'Loading...', empty: 'No emails found' });
    expect(en.login).toMatchObject({
      rememberPassword: 'Remember your password?',
      backToLogin: 'Back to login',
      checkInbox: 'Please check your inbox',
      clickLink: 'Simply click on the link in the email to log in.',
    });
    expect(en.loginLink).toMatchObject({
      success: 'Successfully logged in',
      failed: 'Login failed',
      expired: 'Login link might be expired.',
    });
    expect(en.invitation).toEqual({
      loading: 'loading...',
      expired: 'Invitation has expired',
      login: 'Login to accept invitation',
      register: 'Register to accept invitation',
    });
    expect(en.team).toMatchObject({ you: '(You)', removed: 'Member successfully removed from team.' });
    expect(en.errors.forbidden).toBe('Forbidden!');
    expect(en.nav.imapConfig).toBe('IMAP config');
    expect(en.emailServerConfig).toMatchObject({
      imapRequired: 'Please fill in all IMAP settings',
      smtpRequired: 'Please fill in all SMTP settings',
      fromEmailRequired: 'Please fill in the From Email address',
      loadFailed: 'Error loading email server configuration',
      testFailed: 'Connection test failed: {{message}}',
      testError: 'Error testing connection',
      saveFailed: 'Error saving email server configuration',
      fetchFailedWithMessage: 'Error fetching emails: {{message}}',
      fetchFailed: 'Error fetching emails',
      fetchEmails: 'Fetch Emails',
      test: 'Test Connection',
    });
  });

  it('keeps the spec Czech texts Czech in both languages', () => {
    for (const key of ['unknownSender', 'connected', 'disconnected'] as const)
      expect(cs.inbox[key]).toBe(en.inbox[key]);
    expect(en.inbox.unknownSender).toBe('Neznámý odesílatel');
    for (const key of ['foldersFailed', 'oauthSuccess', 'oauthError'] as const)
      expect(cs.emailServerConfig[key]).toBe(en.emailServerConfig[key]);
  });

  it('holds the spec texts of the Email Labels and Team Activity screens verbatim, in both languages', () => {
    const labelTexts = {
      initialize: 'Initialize Default Labels',
      createHeading: 'Create New Label',
      name: 'Label Name',
      namePlaceholder: 'Enter label name',
      backgroundType: 'Background Type',
      backgroundLight: 'Light Background',
      backgroundSolid: 'Solid Background',
      create: 'Create',
      preview: 'Preview:',
      defaultLabels: 'Default Labels',
      yourLabels: 'Your Labels',
      empty: 'No labels found. Create your first label or initialize default labels.',
      created: 'Label created successfully',
      deleted: 'Label deleted successfully',
      initialized: 'Default labels initialized',
      loadError: 'Error loading labels',
      createError: 'Error creating label',
      deleteError: 'Error deleting label',
      initializeError: 'Error initializing default labels',
      nameRequired: 'Please enter a label name',
      defaultUndeletable: 'Cannot delete default labels',
      close: 'Close',
    };
    expect(en.emailLabels).toMatchObject(labelTexts);
    expect(cs.emailLabels).toMatchObject(labelTexts);
    for (const texts of [en.teamActivity, cs.teamActivity]) {
      expect(texts).toMatchObject({ heading: 'Team Activity', emailId: 'Email ID', load: 'Load' });
    }
    expect(en.replyTemplates).toMatchObject({
      body: 'Plain text body',
      htmlBody: 'HTML body',
      save: 'Save',
      cancel: 'Cancel',
    });
  });

  it('has the notification, settings and photo texts of the spec verbatim', () => {
    for (const language of [en, cs]) {
      expect(language.notifications).toMatchObject({
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
      });
      expect(language.notificationSettings).toMatchObject({
        vacation: 'I am on vacation (do not auto-assign e-mails to me)',
        saveAvailability: 'Save availability',
        typeEMAIL_RECEIVED: 'New e-mails',
        typeTASK_ASSIGNED: 'Assigned tasks',
        typeCOMMENT_ADDED: 'New comments',
        saving: 'Ukládám...',
        reset: 'Reset to defaults',
      });
      expect(language.profile).toMatchObject({
        photoUpdated: 'Profilová fotografie byla aktualizována',
        photoFailed: 'Nahrání fotografie selhalo',
        close: 'Zavřít',
      });
    }
  });
});
