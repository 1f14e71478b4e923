import i18next from 'i18next';
import { initI18n, textKeys } from '@teaminbox/ui';
import { adminCs } from './cs';
import { adminEn } from './en';
import { ADMIN_NS } from './texts';

describe('admin texts', () => {
  it('has the same keys in English and Czech', () => {
    expect(textKeys(adminCs)).toEqual(textKeys(adminEn));
  });

  it('is registered as its own namespace', () => {
    initI18n();
    expect(i18next.t('team.heading', { ns: ADMIN_NS })).toBe('Team Members Management');
  });

  it('holds the spec texts verbatim', () => {
    const en = adminEn;
    expect(en.team).toMatchObject({
      heading: 'Team Members Management',
      created: 'Team created successfully.',
      createFailed: 'Failed to create team.',
      you: '(You)',
      removed: 'Member successfully removed from team.',
    });
    expect(en.errors.forbidden).toBe('Forbidden!');
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
    for (const key of ['foldersFailed', 'oauthSuccess', 'oauthError'] as const)
      expect(adminCs.emailServerConfig[key]).toBe(en.emailServerConfig[key]);
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
    expect(adminEn.emailLabels).toMatchObject(labelTexts);
    expect(adminCs.emailLabels).toMatchObject(labelTexts);
    for (const texts of [adminEn.teamActivity, adminCs.teamActivity]) {
      expect(texts).toMatchObject({ heading: 'Team Activity', emailId: 'Email ID', load: 'Load' });
    }
    expect(adminEn.replyTemplates).toMatchObject({
      body: 'Plain text body',
      htmlBody: 'HTML body',
      save: 'Save',
      cancel: 'Cancel',
    });
  });
});
