import type { MailboxSettings } from '@teaminbox/contracts';
import { mailboxDecider, type MailboxEvent } from './mailbox.decider';
import { configChanges } from './mailbox.decider';
import { settingsFromRequest, validationMessage } from './mailbox-settings';
import { APPLY_RULES_TO_FIRST_SYNC_MESSAGE, ZEmailServerConfigRequest } from '@teaminbox/contracts';

const teamId = '0193a0a0-0000-7000-8000-000000000001';
const request = ZEmailServerConfigRequest.parse({
  imapHost: 'imap.example.com',
  imapUsername: 'support@example.com',
  imapPassword: 'imap-secret',
  smtpHost: 'smtp.example.com',
  smtpUsername: 'support@example.com',
  smtpPassword: 'smtp-secret',
  fromEmail: 'support@example.com',
});
const seal = (plain: string) => `sealed(${plain.length})`;
const settings: MailboxSettings = settingsFromRequest('cfg-1', request, null, seal);

const fold = (events: MailboxEvent[]) => events.reduce(mailboxDecider.evolve, mailboxDecider.initialState());

describe('mailbox decider', () => {
  it('configures a new mailbox, then updates it, and ignores an identical save', () => {
    const command = { type: 'SaveMailboxSettings' as const, teamId, settings };
    const first = mailboxDecider.decide(command, fold([]));
    expect(first[0]).toEqual({ type: 'MailboxConfigured', data: { teamId, settings } });
    expect(first[1]).toMatchObject({ type: 'MailboxConfigChanged', data: { teamId } });
    expect(mailboxDecider.decide(command, fold(first))).toEqual([]);
    const changed = { ...settings, isActive: true };
    expect(mailboxDecider.decide({ ...command, settings: changed }, fold(first))).toEqual([
      { type: 'MailboxConfigUpdated', data: { teamId, settings: changed } },
      { type: 'MailboxConfigChanged', data: { teamId, changes: [{ field: 'isActive', from: false, to: true }] } },
    ]);
  });
});

describe('mailbox settings', () => {
  it('applies the defaults of a new configuration', () => {
    const empty = ZEmailServerConfigRequest.parse({});
    expect(empty).toMatchObject({
      imapPort: 993,
      imapUseSsl: true,
      imapFolder: 'INBOX',
      smtpPort: 587,
      smtpUseTls: true,
      isActive: false,
      authType: 'PASSWORD',
    });
  });

  it('seals passwords and keeps the stored ones when a save leaves them empty', () => {
    expect(settings.imapPasswordSealed).toBe('sealed(11)');
    const again = settingsFromRequest('cfg-1', { ...request, imapPassword: '', smtpPassword: '' }, settings, () => {
      throw new Error('must not seal');
    });
    expect(again.imapPasswordSealed).toBe(settings.imapPasswordSealed);
    expect(again.smtpPasswordSealed).toBe(settings.smtpPasswordSealed);
  });

  it('keeps the first-sync choice of the rules when a save leaves it out, true for a new configuration', () => {
    expect(settings.applyRulesToFirstSync).toBe(true);
    const off = settingsFromRequest('cfg-1', { ...request, applyRulesToFirstSync: false }, settings, seal);
    expect(off.applyRulesToFirstSync).toBe(false);
    const kept = ZEmailServerConfigRequest.parse({ ...request, applyRulesToFirstSync: null });
    expect(settingsFromRequest('cfg-1', kept, off, seal).applyRulesToFirstSync).toBe(false);
    expect(
      settingsFromRequest('cfg-1', { ...kept, applyRulesToFirstSync: true }, off, seal).applyRulesToFirstSync,
    ).toBe(true);
    // Saved before the option existed: read as true.
    const old = { ...off, applyRulesToFirstSync: undefined };
    expect(settingsFromRequest('cfg-1', kept, old, seal).applyRulesToFirstSync).toBe(true);
    const bad = ZEmailServerConfigRequest.safeParse({ ...request, applyRulesToFirstSync: 'no' });
    expect(bad.success ? null : bad.error.issues[0].message).toBe(APPLY_RULES_TO_FIRST_SYNC_MESSAGE);
  });

  it('answers the spec messages in order', () => {
    const noPasswords = { ...request, imapPassword: '', smtpPassword: '' };
    expect(validationMessage(request, null)).toBeNull();
    expect(validationMessage(noPasswords, settings)).toBeNull();
    expect(validationMessage({ ...request, imapHost: '' }, settings)).toBe('Please fill in all IMAP settings');
    expect(validationMessage({ ...request, imapPassword: '' }, null)).toBe('Please fill in all IMAP settings');
    expect(validationMessage({ ...request, smtpUsername: '' }, settings)).toBe('Please fill in all SMTP settings');
    expect(validationMessage({ ...request, smtpPassword: '' }, null)).toBe('Please fill in all SMTP settings');
    expect(validationMessage({ ...request, fromEmail: '' }, settings)).toBe('Please fill in the From Email address');
    expect(validationMessage({ ...noPasswords, authType: 'OAUTH2' }, null)).toBeNull();
  });

  it.each([
    ['imap', { imapHost: 'imap.attacker.example' }],
    ['imap', { imapHost: 'IMAP.example.com', imapPort: 143 }],
    ['imap', { imapUsername: 'someone-else@example.com' }],
    ['imap', { imapUseSsl: false }],
    ['smtp', { smtpHost: 'smtp.attacker.example' }],
    ['smtp', { smtpPort: 25 }],
    ['smtp', { smtpUseTls: false }],
    ['smtp', { smtpUseSsl: true }],
  ] as const)('does not reuse a stored %s password when %j changes', (kind, change) => {
    const next = { ...request, imapPassword: '', smtpPassword: '', ...change };
    const stored = settingsFromRequest('cfg-1', next, settings, seal);
    expect(stored[kind === 'imap' ? 'imapPasswordSealed' : 'smtpPasswordSealed']).toBeNull();
    expect(validationMessage(next, settings)).toMatch(new RegExp(`^Enter the ${kind.toUpperCase()} password again`));
  });

  it('keeps the stored passwords for the same servers, whatever the case of the host', () => {
    const next = { ...request, imapPassword: '', smtpPassword: '', imapHost: 'IMAP.Example.com', fromName: 'Support' };
    const stored = settingsFromRequest('cfg-1', next, settings, seal);
    expect(stored.imapPasswordSealed).toBe(settings.imapPasswordSealed);
    expect(stored.smtpPasswordSealed).toBe(settings.smtpPasswordSealed);
  });

  it('records what changed for the history, naming secrets without their values', () => {
    const next = settingsFromRequest(
      'cfg-1',
      { ...request, imapHost: 'mail.example.org', imapPassword: 'new-secret', smtpPassword: '' },
      settings,
      seal,
    );
    const changes = configChanges(settings, next);
    expect(changes).toEqual([
      { field: 'imapHost', from: 'imap.example.com', to: 'mail.example.org' },
      { field: 'imapPassword', to: 'changed' },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/secret|sealed/);
  });
});
