import type {
  Label,
  LabelChange,
  Page,
  ReplyTemplate,
  ReplyTemplateChange,
  SendReplyResponse,
  TeamActivityEntry,
} from '@teaminbox/contracts';
import {
  type ClientSocket,
  connectSocket,
  person,
  teamWith,
  teamWithSampleEmails,
} from '../../../../test/app/identity-fixtures';
import { suiteWithApp } from '../../../../test/app/suite';
import { readUntil } from '../../../../test/support/until';

type ErrorBody = { success: false; message: string };

describe('the team activity log (GET /team/actions) and live label and template changes', () => {
  const sockets: ClientSocket[] = [];
  const { t, sink } = suiteWithApp({ sockets });

  const actions = (token: string, query = '') =>
    t.request<Page<TeamActivityEntry> & ErrorBody>(`/api/team/actions${query}`, { token });

  async function socketOf(token: string) {
    const connected = await connectSocket(t, token);
    if (!('socket' in connected)) throw connected.error;
    sockets.push(connected.socket);
    return connected.socket;
  }

  it('lists what two members changed, newest first, with names, the email and no secret', async () => {
    const { admin, members, emails, teamId } = await teamWithSampleEmails(t, sink);
    const [member] = members;
    const sinkPort = Number(new URL(sink.url).port);
    const mailbox = {
      imapHost: 'imap.example.test',
      imapUsername: 'support',
      imapPassword: 'imap-password-1',
      smtpHost: '127.0.0.1',
      smtpPort: sinkPort,
      smtpUsername: 'mailer',
      smtpPassword: 's3cret',
      smtpUseTls: false,
      fromEmail: 'support@example.test',
      isActive: false,
    };
    const call = async (token: string, method: string, path: string, body?: unknown) => {
      const res = await t.request(path, { method, token, body });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };

    await call(admin.token, 'PUT', `/api/team/member/${member.id}/role`, 'MAINTAINER');
    await call(admin.token, 'PUT', '/api/invitation', { email: 'invited@example.test' });
    const team = (await call(admin.token, 'GET', '/api/team')) as { invitations: { id: string }[] };
    await call(admin.token, 'DELETE', `/api/invitation/${team.invitations[0].id}`);
    await call(admin.token, 'POST', '/api/email-server-config', mailbox);
    // A password left empty keeps the stored one (the screen never has it): only the IMAP password changes.
    await call(admin.token, 'PUT', '/api/email-server-config', {
      ...mailbox,
      imapPassword: 'imap-password-2',
      smtpPassword: '',
    });
    const vip = (await call(admin.token, 'POST', '/api/email-labels', { name: 'VIP', color: 'danger' })) as Label;
    await call(member.token, 'PUT', `/api/email-labels/${vip.id}`, { name: 'V.I.P.', color: 'danger' });
    const template = (await call(member.token, 'POST', '/api/reply-templates', {
      name: 'Thanks',
      body: 'Thank you for writing.',
    })) as ReplyTemplate;
    await call(admin.token, 'DELETE', `/api/reply-templates/${template.id}`);
    await call(admin.token, 'PUT', `/api/emails/${emails[0].id}/assign`, { assignedTo: member.id });
    await call(member.token, 'POST', `/api/emails/${emails[0].id}/labels`, { id: vip.id });
    await call(member.token, 'PUT', `/api/emails/${emails[1].id}/archive`);
    const status = emails[0].status === 'IN_PROGRESS' ? 'RESOLVED' : 'IN_PROGRESS';
    await call(member.token, 'PUT', `/api/emails/${emails[0].id}/status`, { status });
    // A sample email may already be HIGH: the change goes to another priority.
    const priority = emails[0].priority === 'LOW' ? 'HIGH' : 'LOW';
    await call(admin.token, 'PUT', `/api/emails/${emails[0].id}/priority`, { priority });
    const invoices = {
      name: 'Invoices',
      priority: 1,
      conditions: [{ field: 'SUBJECT', operator: 'CONTAINS', value: 'invoice' }],
      actions: [{ type: 'ADD_LABEL', value: vip.id }],
    };
    const rule = (await call(member.token, 'POST', '/api/rules', invoices)) as { id: string };
    await call(admin.token, 'PUT', `/api/rules/${rule.id}`, { ...invoices, name: 'Bills', priority: 2 });
    await call(admin.token, 'PUT', `/api/rules/${rule.id}`, {
      ...invoices,
      name: 'Bills',
      priority: 2,
      enabled: false,
    });
    await call(member.token, 'PUT', `/api/rules/${rule.id}`, {
      ...invoices,
      name: 'Bills',
      priority: 2,
      enabled: true,
    });
    await call(admin.token, 'DELETE', `/api/rules/${rule.id}`);
    await call(admin.token, 'DELETE', `/api/email-labels/${vip.id}`);
    const reply = (await call(member.token, 'POST', '/api/emails/send-reply', {
      emailId: emails[0].id,
      teamId,
      to: ['customer@example.test'],
      subject: 'Re: your question',
      body: 'Done.',
    })) as SendReplyResponse;

    const expected = [
      'REPLY_SENT',
      'LABEL_DELETED',
      'RULE_DELETED',
      'RULE_ENABLED',
      'RULE_DISABLED',
      'RULE_UPDATED',
      'RULE_CREATED',
      'PRIORITY_CHANGED',
      'STATUS_CHANGED',
      'ARCHIVED',
      'LABEL_ADDED',
      'ASSIGN',
      'TEMPLATE_DELETED',
      'TEMPLATE_CREATED',
      'LABEL_UPDATED',
      'LABEL_CREATED',
      'MAILBOX_UPDATED',
      'MAILBOX_CONFIGURED',
      'INVITATION_DELETED',
      'INVITATION_SENT',
      'ROLE_CHANGED',
    ];
    const page = await readUntil(
      async () => (await actions(admin.token, `?teamId=${teamId}&size=100`)).body,
      (body) => body.content?.[0]?.type === 'REPLY_SENT' && body.content[0].details.status === 'SENT',
    );
    const entries = page.content;
    expect(entries.slice(0, expected.length).map((entry) => entry.type)).toEqual(expected);
    // The team's start: created by the admin, then each member joined (the sample emails record nothing).
    expect(entries.slice(expected.length).map((entry) => entry.type)).toEqual([
      'MEMBER_JOINED',
      'INVITATION_SENT',
      'MEMBER_JOINED',
      'TEAM_CREATED',
    ]);
    expect(page.totalElements).toBe(entries.length);
    expect(page.totalPages).toBe(1);
    const times = entries.map((entry) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const byType = (type: string) => entries.find((entry) => entry.type === type)!;
    const asAdmin = { actorUserId: admin.id, actorName: admin.email, actorEmail: admin.email, actorKind: 'user' };
    const asMember = { actorUserId: member.id, actorName: member.email, actorEmail: member.email, actorKind: 'user' };
    expect(byType('REPLY_SENT')).toMatchObject({
      ...asMember,
      emailId: emails[0].id,
      emailSubject: emails[0].subject,
      details: { replyId: reply.replyId, subject: 'Re: your question', to: ['customer@example.test'], status: 'SENT' },
    });
    expect(byType('LABEL_DELETED')).toMatchObject({ ...asAdmin, emailId: null, details: { labelName: 'V.I.P.' } });
    for (const type of ['RULE_DELETED', 'RULE_ENABLED', 'RULE_DISABLED']) {
      expect(byType(type)).toMatchObject({ emailId: null, details: { ruleId: rule.id, ruleName: 'Bills' } });
    }
    expect(byType('RULE_ENABLED')).toMatchObject(asMember);
    expect(byType('RULE_UPDATED')).toMatchObject({
      ...asAdmin,
      details: {
        ruleName: 'Bills',
        changed: ['ruleName', 'rulePriority'],
        previous: { ruleName: 'Invoices', rulePriority: 1 },
      },
    });
    expect(byType('RULE_CREATED')).toMatchObject({
      ...asMember,
      details: { ruleId: rule.id, ruleName: 'Invoices', rulePriority: 1, matchMode: 'ALL' },
    });
    expect(byType('PRIORITY_CHANGED')).toMatchObject({
      ...asAdmin,
      emailId: emails[0].id,
      details: { priority, previousPriority: emails[0].priority },
    });
    expect(byType('STATUS_CHANGED')).toMatchObject({
      ...asMember,
      emailId: emails[0].id,
      details: { status, previousStatus: emails[0].status },
    });
    expect(byType('ARCHIVED')).toMatchObject({ ...asMember, emailId: emails[1].id, emailSubject: emails[1].subject });
    expect(byType('LABEL_ADDED')).toMatchObject({
      ...asMember,
      emailId: emails[0].id,
      details: { labelId: vip.id, labelName: 'V.I.P.' },
    });
    expect(byType('ASSIGN')).toMatchObject({
      ...asAdmin,
      emailId: emails[0].id,
      details: { assignedTo: member.id, assignedToName: member.email },
    });
    expect(byType('TEMPLATE_DELETED')).toMatchObject({ ...asAdmin, details: { templateName: 'Thanks' } });
    expect(byType('TEMPLATE_CREATED')).toMatchObject({ ...asMember, details: { templateName: 'Thanks' } });
    expect(byType('LABEL_UPDATED')).toMatchObject({
      ...asMember,
      details: { labelName: 'V.I.P.', changed: ['labelName'], previous: { labelName: 'VIP' } },
    });
    expect(byType('MAILBOX_UPDATED')).toMatchObject({ ...asAdmin, details: { changed: ['imapPassword'] } });
    expect(byType('MAILBOX_CONFIGURED')).toMatchObject({
      ...asAdmin,
      details: { imapHost: 'imap.example.test', smtpHost: '127.0.0.1', fromEmail: 'support@example.test' },
    });
    expect(byType('INVITATION_DELETED')).toMatchObject({ ...asAdmin, details: { email: 'invited@example.test' } });
    expect(byType('ROLE_CHANGED')).toMatchObject({
      ...asAdmin,
      details: { memberId: member.id, memberEmail: member.email, role: 'MAINTAINER', previousRole: 'MEMBER' },
    });
    expect(entries.at(-2)).toMatchObject({ ...asAdmin, details: { memberId: admin.id, role: 'ADMIN' } });
    const text = JSON.stringify(entries);
    for (const secret of ['imap-password-1', 'imap-password-2', 's3cret']) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/sealed|tokenHash/i);

    // Pages of the same order, counted from 0.
    const first = await actions(member.token, '?page=0&size=5');
    const second = await actions(member.token, '?page=1&size=5');
    expect(first.body.content.map((entry) => entry.id)).toEqual(entries.slice(0, 5).map((entry) => entry.id));
    expect(second.body.content.map((entry) => entry.id)).toEqual(entries.slice(5, 10).map((entry) => entry.id));
    expect(first.body).toMatchObject({ totalElements: entries.length, totalPages: Math.ceil(entries.length / 5) });
    const past = await actions(member.token, '?page=9&size=5');
    expect(past.body).toEqual({
      content: [],
      totalElements: entries.length,
      totalPages: Math.ceil(entries.length / 5),
    });
    const defaults = await actions(member.token);
    expect(defaults.body.content).toHaveLength(Math.min(20, entries.length));
  });

  it('answers the caller’s team only: another team’s id and a caller without a team get 404; bad paging 400', async () => {
    const one = await teamWith(t, sink, []);
    const other = await teamWith(t, sink, []);
    const loner = await person(t, 'loner');

    const own = await readUntil(
      () => actions(other.admin.token, `?teamId=${other.teamId}`),
      (res) => res.body.content?.length === 2,
    );
    expect(own.status).toBe(200);
    expect(own.body.content.map((entry) => entry.type)).toEqual(['MEMBER_JOINED', 'TEAM_CREATED']);
    expect(own.body.content.every((entry) => entry.actorUserId === other.admin.id)).toBe(true);

    for (const query of [`?teamId=${one.teamId}`, '?teamId=not-a-team']) {
      const res = await actions(other.admin.token, query);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Team not found');
    }
    expect((await actions(loner.token)).status).toBe(404);
    expect((await t.request('/api/team/actions')).status).toBe(401);
    for (const [query, message] of [
      ['?size=0', 'size must be at least 1'],
      ['?size=101', 'size is limited to 100'],
      ['?page=-1', 'page must be 0 or more'],
      ['?page=two', 'page must be a number'],
    ]) {
      const res = await actions(one.admin.token, query);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('pushes label and template changes to the team’s open screens, not to another team’s', async () => {
    const { admin, members } = await teamWith(t, sink, ['MEMBER']);
    const stranger = await teamWith(t, sink, []);
    const memberSocket = await socketOf(members[0].token);
    const strangerSocket = await socketOf(stranger.admin.token);
    const labelChanges: LabelChange[] = [];
    const templateChanges: ReplyTemplateChange[] = [];
    const strangerEvents: string[] = [];
    memberSocket.on('team.label.changed', (change: LabelChange) => labelChanges.push(change));
    memberSocket.on('team.reply-template.changed', (change: ReplyTemplateChange) => templateChanges.push(change));
    strangerSocket.onAny((name: string) => strangerEvents.push(name));

    const pushes = (count: number) =>
      readUntil(
        async () => labelChanges.length,
        (length) => length >= count,
      );
    const created = await t.request<Label>('/api/email-labels', {
      method: 'POST',
      token: admin.token,
      body: { name: 'Partner', color: 'info', backgroundColor: 'solid' },
    });
    await pushes(1);
    await t.request(`/api/email-labels/${created.body.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { name: 'Partners', color: 'info', backgroundColor: 'solid' },
    });
    await pushes(2);
    await t.request(`/api/email-labels/${created.body.id}`, { method: 'DELETE', token: admin.token });
    await pushes(3);
    expect(labelChanges).toEqual([
      { kind: 'created', label: created.body },
      { kind: 'updated', label: { ...created.body, name: 'Partners' } },
      { kind: 'deleted', labelId: created.body.id },
    ]);

    const template = await t.request<ReplyTemplate>('/api/reply-templates', {
      method: 'POST',
      token: admin.token,
      body: { name: 'Welcome', subject: 'Hello', body: 'Welcome aboard' },
    });
    await readUntil(
      async () => templateChanges.length,
      (count) => count >= 1,
    );
    expect(templateChanges[0]).toEqual({ kind: 'saved', template: template.body });
    await t.request(`/api/reply-templates/${template.body.id}`, { method: 'DELETE', token: admin.token });
    await readUntil(
      async () => templateChanges.length,
      (count) => count >= 2,
    );
    expect(templateChanges[1]).toEqual({ kind: 'deleted', templateId: template.body.id });
    expect(strangerEvents.filter((name) => name.startsWith('team.'))).toEqual([]);
  });
});
