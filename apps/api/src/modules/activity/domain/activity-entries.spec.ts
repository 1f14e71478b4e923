import { mailboxSettings } from '../../../../test/mail/mailbox-settings';
import { ACTIVITY_EVENT_TYPES, activityOf, changesBetween } from './activity-entries';

const EMAIL = { emailId: 'email-1', teamId: 'team-1' };

const mailbox = mailboxSettings;

describe('the activity entry of each event', () => {
  it('records the spec’s eight email actions with their details and the email', () => {
    expect(
      activityOf('EmailAssigned', { ...EMAIL, assignedTo: 'u-2', assignedToName: 'Bob', previousAssignee: null }),
    ).toEqual({
      kind: 'entry',
      type: 'ASSIGN',
      details: { assignedTo: 'u-2', assignedToName: 'Bob' },
      emailId: 'email-1',
    });
    expect(activityOf('EmailUnassigned', { ...EMAIL, previousAssignee: 'u-2' })).toMatchObject({
      type: 'UNASSIGN',
      details: { assignedTo: null, previousAssignee: 'u-2' },
    });
    for (const [event, type] of [
      ['EmailLabelAdded', 'LABEL_ADDED'],
      ['EmailLabelRemoved', 'LABEL_REMOVED'],
    ] as const) {
      expect(activityOf(event, { ...EMAIL, labelId: 'l-1', labelName: 'Urgent' })).toMatchObject({
        type,
        emailId: 'email-1',
        details: { labelId: 'l-1', labelName: 'Urgent' },
      });
    }
    for (const [event, type] of [
      ['EmailArchived', 'ARCHIVED'],
      ['EmailUnarchived', 'UNARCHIVED'],
      ['EmailMarkedSpam', 'SPAM'],
      ['EmailMarkedNotSpam', 'NOT_SPAM'],
    ] as const) {
      expect(activityOf(event, EMAIL)).toEqual({ kind: 'entry', type, details: {}, emailId: 'email-1' });
    }
  });

  it('records a change of status and of priority with the former value', () => {
    expect(activityOf('EmailStatusChanged', { ...EMAIL, status: 'PENDING', previousStatus: 'OPEN' })).toEqual({
      kind: 'entry',
      type: 'STATUS_CHANGED',
      details: { status: 'PENDING', previousStatus: 'OPEN' },
      emailId: 'email-1',
    });
    expect(activityOf('EmailPriorityChanged', { ...EMAIL, priority: 'HIGH', previousPriority: 'NORMAL' })).toEqual({
      kind: 'entry',
      type: 'PRIORITY_CHANGED',
      details: { priority: 'HIGH', previousPriority: 'NORMAL' },
      emailId: 'email-1',
    });
  });

  it('keeps an entry a client logged when its type is one of the spec’s, and drops any other', () => {
    const logged = { ...EMAIL, actionId: 'a-1', type: 'ARCHIVED', details: { note: 'by hand' } };
    expect(activityOf('EmailActionLogged', logged)).toMatchObject({ type: 'ARCHIVED', details: { note: 'by hand' } });
    expect(activityOf('EmailActionLogged', { ...logged, type: 'DROP_TABLE' })).toBeNull();
  });

  it('records the team’s members, roles and invitations', () => {
    expect(activityOf('TeamCreated', { teamId: 't', name: 'Support', createdBy: 'u-1' })).toMatchObject({
      type: 'TEAM_CREATED',
      details: { teamName: 'Support' },
    });
    expect(activityOf('TeamMemberJoined', { teamId: 't', userId: 'u-2', role: 'MEMBER' })).toMatchObject({
      type: 'MEMBER_JOINED',
      memberId: 'u-2',
      details: { role: 'MEMBER' },
    });
    expect(
      activityOf('MemberRoleChanged', { teamId: 't', userId: 'u-2', role: 'MAINTAINER', previousRole: 'MEMBER' }),
    ).toMatchObject({ type: 'ROLE_CHANGED', memberId: 'u-2', details: { role: 'MAINTAINER', previousRole: 'MEMBER' } });
    expect(activityOf('TeamMemberRemoved', { teamId: 't', userId: 'u-2' })).toMatchObject({
      type: 'MEMBER_REMOVED',
      memberId: 'u-2',
    });
    const sent = activityOf('InvitationSent', {
      teamId: 't',
      invitationId: 'i-1',
      email: 'new@example.com',
      tokenHash: 'secret-hash',
      expiresAt: '2030-01-01T00:00:00Z',
      invitedBy: 'u-1',
    });
    expect(sent).toEqual({
      kind: 'entry',
      type: 'INVITATION_SENT',
      details: { invitationId: 'i-1', email: 'new@example.com' },
      remember: 'invitation:i-1',
    });
    expect(activityOf('InvitationDeleted', { teamId: 't', invitationId: 'i-1' })).toMatchObject({
      type: 'INVITATION_DELETED',
      recall: 'invitation:i-1',
    });
  });

  it('shows a mailbox configuration without its secrets, and compares a password’s version only', () => {
    const configured = activityOf('MailboxConfigured', { teamId: 't', settings: mailbox() });
    expect(configured).toMatchObject({
      type: 'MAILBOX_CONFIGURED',
      details: { imapHost: 'imap.example.com', smtpHost: 'smtp.example.com', imapFolders: ['INBOX'], isActive: true },
      remember: 'mailbox',
    });
    expect(JSON.stringify(configured)).not.toContain('sealed-imap-v1');
    expect(JSON.stringify(configured)).not.toContain('sealed-smtp-v1');
    expect(activityOf('MailboxConfigUpdated', { teamId: 't', settings: mailbox() })).toMatchObject({
      type: 'MAILBOX_UPDATED',
      compare: 'mailbox',
      remember: 'mailbox',
    });
  });

  it('records labels and templates, remembering their names for later changes', () => {
    const label = { teamId: 't', labelId: 'l-1', name: 'VIP', color: 'danger', backgroundColor: 'solid' } as const;
    expect(activityOf('LabelCreated', { ...label, isDefault: false })).toMatchObject({
      type: 'LABEL_CREATED',
      details: { labelId: 'l-1', labelName: 'VIP', color: 'danger', backgroundColor: 'solid' },
      remember: 'label:l-1',
    });
    expect(activityOf('LabelUpdated', label)).toMatchObject({ type: 'LABEL_UPDATED', compare: 'label:l-1' });
    expect(activityOf('LabelDeleted', { teamId: 't', labelId: 'l-1' })).toMatchObject({
      type: 'LABEL_DELETED',
      recall: 'label:l-1',
    });
    const template = { teamId: 't', templateId: 'r-1', name: 'Thanks', subject: 'Re', body: 'long', htmlBody: '' };
    const created = activityOf('ReplyTemplateCreated', template);
    expect(created).toMatchObject({
      type: 'TEMPLATE_CREATED',
      details: { templateId: 'r-1', templateName: 'Thanks', subject: 'Re' },
      remember: 'template:r-1',
    });
    expect(JSON.stringify((created as { details: object }).details)).not.toContain('long');
    expect(activityOf('ReplyTemplateDeleted', { teamId: 't', templateId: 'r-1' })).toMatchObject({
      type: 'TEMPLATE_DELETED',
      recall: 'template:r-1',
    });
  });

  it('records rules by name and settings, their conditions and actions as fingerprints only', () => {
    const definition = {
      name: 'Invoices',
      priority: 2,
      matchMode: 'ALL' as const,
      conditions: [{ field: 'SUBJECT' as const, operator: 'CONTAINS' as const, value: 'secret-invoice-word' }],
      actions: [{ type: 'ADD_LABEL' as const, value: 'l-1', skipIfOnVacation: false }],
      suppressNotifications: false,
    };
    const created = activityOf('RuleCreated', { teamId: 't', ruleId: 'rule-1', enabled: true, rule: definition });
    expect(created).toMatchObject({
      type: 'RULE_CREATED',
      details: {
        ruleId: 'rule-1',
        ruleName: 'Invoices',
        rulePriority: 2,
        matchMode: 'ALL',
        suppressNotifications: false,
      },
      remember: 'rule:rule-1',
    });
    expect(JSON.stringify(created)).not.toContain('secret-invoice-word');
    const changed = activityOf('RuleChanged', {
      teamId: 't',
      ruleId: 'rule-1',
      rule: { ...definition, priority: 1, conditions: [{ ...definition.conditions[0], value: 'other' }] },
    });
    expect(changed).toMatchObject({ type: 'RULE_UPDATED', compare: 'rule:rule-1', remember: 'rule:rule-1' });
    if (created?.kind !== 'entry' || changed?.kind !== 'entry') throw new Error('expected entries');
    expect(changesBetween(created, changed)).toEqual({
      changed: ['rulePriority', 'conditions'],
      previous: { rulePriority: 2 },
    });
    for (const [event, type] of [
      ['RuleEnabled', 'RULE_ENABLED'],
      ['RuleDisabled', 'RULE_DISABLED'],
      ['RuleDeleted', 'RULE_DELETED'],
    ] as const) {
      expect(activityOf(event, { teamId: 't', ruleId: 'rule-1' })).toEqual({
        kind: 'entry',
        type,
        details: { ruleId: 'rule-1' },
        recall: 'rule:rule-1',
      });
    }
  });

  it('records a reply when it is queued and amends its delivery when it is sent or fails', () => {
    const queued = {
      ...EMAIL,
      replyId: 'r-1',
      messageId: '<m@x>',
      inReplyTo: null,
      references: [],
      from: { name: 'Support', email: 'support@example.com' },
      to: ['alice@example.com'],
      cc: [],
      bcc: [],
      subject: 'Re: Hello',
      text: 'Hi',
      html: null,
      attachments: [],
      queuedBy: 'u-1',
    };
    expect(activityOf('ReplyQueued', queued)).toMatchObject({
      type: 'REPLY_SENT',
      emailId: 'email-1',
      details: { replyId: 'r-1', subject: 'Re: Hello', to: ['alice@example.com'], status: 'QUEUED' },
      remember: 'reply:r-1',
    });
    expect(activityOf('ReplySent', { ...EMAIL, replyId: 'r-1', messageId: '<m@x>', sentAt: 'now' })).toEqual({
      kind: 'amend',
      key: 'reply:r-1',
      details: { status: 'SENT' },
    });
    expect(
      activityOf('ReplyFailed', { ...EMAIL, replyId: 'r-1', messageId: '<m@x>', error: 'Refused', failedAt: 'now' }),
    ).toEqual({ kind: 'amend', key: 'reply:r-1', details: { status: 'FAILED', error: 'Refused' } });
    // A forward, and the first message of a conversation a member started (Compose), which is no reply.
    const queuedAs = (kind: string, replyId: string, subject: string) =>
      activityOf('ReplyQueued', { ...queued, replyId, subject, kind });
    const entry = (type: string, replyId: string, subject: string) => ({
      type,
      emailId: 'email-1',
      details: { replyId, subject, status: 'QUEUED' },
      remember: `reply:${replyId}`,
    });
    expect(queuedAs('forward', 'r-2', 'Fwd: Hello')).toMatchObject(entry('EMAIL_FORWARDED', 'r-2', 'Fwd: Hello'));
    expect(queuedAs('compose', 'email-1', 'Your order')).toMatchObject(
      entry('EMAIL_COMPOSED', 'email-1', 'Your order'),
    );
  });

  it('records a compose recorded before composes had a kind as a new conversation: its id is its email’s', () => {
    const legacy = {
      ...EMAIL,
      replyId: 'email-1',
      messageId: '<email-1@example.com>',
      inReplyTo: null,
      references: [],
      from: { name: 'Support', email: 'support@example.com' },
      to: ['alice@example.com'],
      cc: [],
      bcc: [],
      subject: 'Your order',
      text: 'Hello',
      html: null,
      attachments: [],
      queuedBy: 'u-1',
    };
    expect(activityOf('ReplyQueued', legacy)).toMatchObject({
      type: 'EMAIL_COMPOSED',
      details: { replyId: 'email-1', subject: 'Your order', status: 'QUEUED' },
    });
    expect(activityOf('ReplyQueued', { ...legacy, replyId: 'r-9', inReplyTo: '<m@x>' })).toMatchObject({
      type: 'REPLY_SENT',
    });
  });

  it('records a message sent for later as scheduled, and one waiting its undo window as being sent', () => {
    const queued = {
      ...EMAIL,
      replyId: 'r-1',
      messageId: '<r-1@example.com>',
      inReplyTo: '<m@x>',
      references: ['<m@x>'],
      from: { name: 'Support', email: 'support@example.com' },
      to: ['alice@example.com'],
      cc: [],
      bcc: [],
      subject: 'Re: Hello',
      text: 'Hi',
      html: null,
      attachments: [],
      queuedBy: 'u-1',
    };
    const at = '2026-11-20T10:00:00.000Z';
    expect(activityOf('ReplyQueued', { ...queued, sendAt: '2026-11-21T08:00:00.000Z' }, at)).toMatchObject({
      type: 'REPLY_SENT',
      details: { status: 'SCHEDULED', scheduledFor: '2026-11-21T08:00:00.000Z' },
      remember: 'reply:r-1',
    });
    const undoWindow = activityOf('ReplyQueued', { ...queued, sendAt: '2026-11-20T10:00:30.000Z' }, at);
    expect(undoWindow).toMatchObject({ type: 'REPLY_SENT', details: { status: 'QUEUED' } });
    expect(undoWindow?.kind === 'entry' && undoWindow.details).not.toHaveProperty('scheduledFor');
  });

  it('records an undone send as its own entry, and the message’s entry as cancelled', () => {
    const draft = activityOf('ReplySendCancelled', { ...EMAIL, replyId: 'r-1', draftId: 'd-1' });
    if (draft?.kind !== 'entry' || !draft.consult) throw new Error('expected an entry that consults the reply');
    expect(draft).toMatchObject({
      type: 'SEND_UNDONE',
      emailId: 'email-1',
      details: { replyId: 'r-1', draftId: 'd-1' },
      consult: { key: 'reply:r-1' },
      amends: { kind: 'amend', key: 'reply:r-1', details: { status: 'CANCELLED' } },
    });
    // Within its undo window it was undone; sent for later, its scheduled send was cancelled.
    expect(draft.consult.shown({ replyId: 'r-1', status: 'QUEUED' })).toEqual({ type: 'SEND_UNDONE' });
    expect(draft.consult.shown(undefined)).toEqual({ type: 'SEND_UNDONE' });
    expect(draft.consult.shown({ replyId: 'r-1', status: 'SCHEDULED', scheduledFor: '2026-11-21T08:00:00Z' })).toEqual({
      type: 'SCHEDULED_SEND_CANCELLED',
      details: { scheduledFor: '2026-11-21T08:00:00Z' },
    });
  });

  it('shows nothing for personal or internal events', () => {
    for (const type of ['EmailMarkedRead', 'EmailStarred', 'UserRegistered', 'LoginLinkIssued', 'constructor']) {
      expect(activityOf(type, EMAIL)).toBeNull();
    }
    expect(ACTIVITY_EVENT_TYPES).not.toContain('EmailReceived');
  });
});

describe('the changes of an update', () => {
  it('lists the shown fields that differ with their former values, and a changed secret by name only', () => {
    const before = activityOf('MailboxConfigured', { teamId: 't', settings: mailbox() });
    const after = activityOf('MailboxConfigUpdated', {
      teamId: 't',
      settings: mailbox({ smtpPort: 465, imapPasswordSealed: 'sealed-imap-v2' }),
    });
    if (before?.kind !== 'entry' || after?.kind !== 'entry') throw new Error('expected entries');
    expect(changesBetween(before, after)).toEqual({
      changed: ['smtpPort', 'imapPassword'],
      previous: { smtpPort: 587 },
    });
  });

  it('finds no change when only an OAuth2 access token was refreshed', () => {
    const oauth = (access: string) =>
      mailbox({
        authType: 'OAUTH2',
        oauthProvider: 'GOOGLE',
        oauth: { refreshTokenSealed: 'r', accessTokenSealed: access, accessTokenExpiresAt: '2030-01-01T00:00:00Z' },
      });
    const before = activityOf('MailboxConfigUpdated', { teamId: 't', settings: oauth('a-1') });
    const after = activityOf('MailboxConfigUpdated', { teamId: 't', settings: oauth('a-2') });
    if (before?.kind !== 'entry' || after?.kind !== 'entry') throw new Error('expected entries');
    expect(changesBetween(before, after).changed).toEqual([]);
  });
});
