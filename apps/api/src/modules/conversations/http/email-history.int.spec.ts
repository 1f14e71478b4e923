import type {
  Email,
  EmailAsOf,
  EmailDetail,
  EmailHistoryEntry,
  EmailRulesExplanation,
  Label,
  Page,
  Reply,
  Rule,
} from '@teaminbox/contracts';
import { AS_OF_INVALID_MESSAGE, EMAIL_NOT_YET_MESSAGE } from '@teaminbox/contracts';
import { type Person, teamWith } from '../../../../test/app/identity-fixtures';
import { startTestApp, type TestApp } from '../../../../test/app/test-app';
import { dovecotMailbox, startDovecot, type TestDovecot } from '../../../../test/mail/dovecot';
import { localSmtpSettings, type SmtpSink, startSmtpSink } from '../../../../test/support/smtp-sink';
import { MailboxSupervisor } from '../../mail/infrastructure/imap/mailbox-supervisor';
import { until } from '../../../../test/support/until';

/** An instant after everything so far and before anything next (the next change is stamped a millisecond later). */
async function instant(): Promise<string> {
  const now = Date.now();
  await until(
    async () => Date.now(),
    (later) => later > now + 1,
  );
  return new Date(now).toISOString();
}

describe('an email history and the email as of an instant (two members and a rule)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let dovecot: TestDovecot;
  let teamId: string;
  let ann: Person;
  let bob: Person;
  let auditor: Person;
  let vip: Label;
  let rule: Rule;
  let email: EmailDetail;
  let beforeMail: string;
  let replyId: string;
  const at: Record<string, string> = {};

  const asOf = (token: string, when: string, id = email.id) =>
    t.request<EmailAsOf & { message?: string }>(`/api/emails/${id}?asOf=${encodeURIComponent(when)}`, { token });
  const as = (token: string, request: string) => ({ token, headers: { 'x-request-id': request } });

  beforeAll(async () => {
    dovecot = await startDovecot();
    sink = await startSmtpSink();
    t = await startTestApp({ smtpUrl: sink.url });
    const supervisor = t.app.get(MailboxSupervisor);
    supervisor.tuning = { ...supervisor.tuning, batchSize: 50, pollIntervalMs: 1000, minBackoffMs: 100 };
    const team = await teamWith(t, sink, ['MEMBER', 'AUDITOR']);
    ann = team.admin;
    teamId = team.teamId;
    [bob, auditor] = team.members;
    vip = (await t.request<Label>('/api/email-labels', { method: 'POST', token: ann.token, body: { name: 'VIP' } }))
      .body;
    rule = (
      await t.request<Rule>('/api/rules', {
        method: 'POST',
        token: ann.token,
        body: {
          name: 'VIP customers',
          enabled: true,
          priority: null,
          matchMode: 'ALL',
          conditions: [{ field: 'FROM_EMAIL', operator: 'ENDS_WITH', value: '@vip.example.com' }],
          actions: [
            { type: 'ASSIGN_TO_USER', value: bob.id, skipIfOnVacation: false },
            { type: 'ADD_LABEL', value: vip.id, skipIfOnVacation: false },
            { type: 'SET_PRIORITY', value: 'HIGH', skipIfOnVacation: false },
          ],
          suppressNotifications: false,
        },
      })
    ).body;
    expect(rule.id).toEqual(expect.any(String));

    beforeMail = await instant();
    const imap = await dovecot.client();
    await imap.append(
      'INBOX',
      'From: CEO <ceo@vip.example.com>\r\nTo: support@example.com\r\nSubject: Contract renewal\r\n' +
        'Message-ID: <history-1@vip.example.com>\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\n\r\nPlease renew.\r\n',
    );
    await imap.logout();
    const connected = await t.request('/api/email-server-config', {
      method: 'POST',
      token: ann.token,
      body: dovecotMailbox(dovecot, localSmtpSettings(Number(new URL(sink.url).port))),
    });
    expect(connected.status).toBe(200);
    const found = await until(
      async () => (await t.request<Page<Email>>('/api/emails?size=10', { token: ann.token })).body.content[0],
      (first) => first !== undefined,
    );
    await until(
      async () => (await t.request<EmailRulesExplanation>(`/api/emails/${found.id}/rules`, { token: ann.token })).body,
      (rules) => rules.evaluated,
    );
    email = (await t.request<EmailDetail>(`/api/emails/${found.id}`, { token: ann.token })).body;
    at.ruled = await instant();

    // The script: each step by one member, under a request id of its own.
    await t.request(`/api/emails/${email.id}/read`, { method: 'PUT', ...as(ann.token, 'step-read') });
    at.read = await instant();
    await t.request(`/api/emails/${email.id}/assign`, {
      method: 'PUT',
      body: { assignedTo: ann.id },
      ...as(ann.token, 'step-assign'),
    });
    at.assigned = await instant();
    await t.request(`/api/emails/${email.id}/comments`, {
      method: 'POST',
      body: { message: 'Renewal terms attached' },
      ...as(bob.token, 'step-comment'),
    });
    at.commented = await instant();
    await t.request(`/api/emails/${email.id}/status`, {
      method: 'PUT',
      body: { status: 'IN_PROGRESS' },
      ...as(bob.token, 'step-status'),
    });
    at.status = await instant();
    const draft = await t.request<Reply>(`/api/emails/${email.id}/replies`, {
      method: 'POST',
      body: { to: ['ceo@vip.example.com'], subject: 'Re: Contract renewal', body: 'Draft one' },
      ...as(ann.token, 'step-draft'),
    });
    expect(draft.status).toBe(200);
    at.drafted = await instant();
    await t.request(`/api/emails/${email.id}/labels/${vip.id}`, { method: 'DELETE', ...as(bob.token, 'step-unlabel') });
    at.unlabelled = await instant();
    await t.request(`/api/emails/${email.id}/archive`, { method: 'PUT', ...as(ann.token, 'step-archive') });
    at.archived = await instant();
    // The draft is sent: queued by the member, sent by the outbox (to the SMTP sink).
    const sent = await t.request<{ replyId: string }>('/api/emails/send-reply', {
      method: 'POST',
      body: {
        emailId: email.id,
        teamId,
        to: ['ceo@vip.example.com'],
        cc: [],
        bcc: [],
        subject: 'Re: Contract renewal',
        body: 'Renewed.',
        draftId: draft.body.id,
      },
      ...as(ann.token, 'step-send'),
    });
    expect(sent.status).toBe(202);
    replyId = sent.body.replyId;
    await sink.waitFor('ceo@vip.example.com');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await dovecot?.stop();
  });

  it('shows the email at each instant, field by field, to either member', async () => {
    const state = async (when: string, token = bob.token) => {
      const res = await asOf(token, when);
      expect(res.status).toBe(200);
      const e = res.body;
      return {
        read: e.read,
        readBy: e.readBy,
        archived: e.isArchived,
        spam: e.isSpam,
        assignedTo: e.assignedTo,
        assignedToName: e.assignedToName,
        labels: e.labels,
        labelNames: e.labelNames,
        status: e.status,
        priority: e.priority,
        comments: e.comments.map((c) => [c.userId, c.message]),
        replies: e.replies.map((r) => [r.status, r.authorId, r.body]),
      };
    };
    const bobName = bob.email;
    const ruled = {
      read: false,
      readBy: null,
      archived: false,
      spam: false,
      assignedTo: bob.id,
      assignedToName: expect.any(String),
      labels: [vip.id],
      labelNames: { [vip.id]: 'VIP' },
      status: 'NEW',
      priority: 'HIGH',
      comments: [],
      replies: [],
    };
    expect(bobName).toEqual(expect.any(String));
    expect(await state(at.ruled)).toEqual(ruled);
    expect(await state(at.read, ann.token)).toEqual({ ...ruled, read: true, readBy: ann.id });
    const assigned = { ...ruled, read: true, readBy: ann.id, assignedTo: ann.id };
    expect(await state(at.assigned)).toEqual(assigned);
    const commented = { ...assigned, comments: [[bob.id, 'Renewal terms attached']] };
    expect(await state(at.commented)).toEqual(commented);
    const inProgress = { ...commented, status: 'IN_PROGRESS' };
    expect(await state(at.status)).toEqual(inProgress);
    const drafted = { ...inProgress, replies: [['DRAFT', ann.id, 'Draft one']] };
    expect(await state(at.drafted)).toEqual(drafted);
    const unlabelled = { ...drafted, labels: [], labelNames: {} };
    expect(await state(at.unlabelled)).toEqual(unlabelled);
    expect(await state(at.archived)).toEqual({ ...unlabelled, archived: true });

    // The message itself is today's; the instant is the one asked for, and a future one reads as now.
    const past = (await asOf(ann.token, at.commented)).body;
    expect(past).toMatchObject({ id: email.id, subject: 'Contract renewal', fromEmail: 'ceo@vip.example.com' });
    expect(past.asOf).toBe(at.commented);
    const future = (await asOf(ann.token, '2999-01-01T00:00:00Z')).body;
    expect(Date.parse(future.asOf)).toBeLessThanOrEqual(Date.now());
    expect(future).toMatchObject({ isArchived: true, assignedTo: ann.id, status: 'IN_PROGRESS' });
    // Without asOf the route answers today's detail, unchanged.
    const today = (await t.request<EmailDetail & { asOf?: string }>(`/api/emails/${email.id}`, { token: ann.token }))
      .body;
    expect(today.asOf).toBeUndefined();
    expect(today).toMatchObject({ isArchived: true, assignedTo: ann.id, labels: [] });
  });

  it('lists every event with its actor, what changed and its correlation', async () => {
    const res = await t.request<EmailHistoryEntry[]>(`/api/emails/${email.id}/history`, { token: bob.token });
    expect(res.status).toBe(200);
    const history = res.body;
    expect(history.map((entry) => entry.version)).toEqual(history.map((_, index) => index + 1));
    // An auditor reads the same history, and the email as it was.
    const asAuditor = await t.request<EmailHistoryEntry[]>(`/api/emails/${email.id}/history`, { token: auditor.token });
    expect(asAuditor.status).toBe(200);
    expect(asAuditor.body.map((entry) => entry.id)).toEqual(history.map((entry) => entry.id));
    const pastForAuditor = await t.request(
      `/api/emails/${email.id}?asOf=${encodeURIComponent(history[0].occurredAt)}`,
      {
        token: auditor.token,
      },
    );
    expect(pastForAuditor.status).toBe(200);
    expect(history[0]).toMatchObject({
      type: 'EmailReceived',
      actor: { kind: 'system', source: 'mail-server' },
      change: { subject: 'Contract renewal', sender: 'ceo@vip.example.com' },
    });
    const ruleEntries = history.filter((entry) => entry.actor.kind === 'rule');
    expect(ruleEntries.map((entry) => entry.type)).toEqual(
      expect.arrayContaining(['EmailAssigned', 'EmailLabelAdded', 'EmailPriorityChanged']),
    );
    for (const entry of ruleEntries) {
      expect(entry.actor).toEqual({ kind: 'rule', ruleId: rule.id, ruleName: 'VIP customers' });
    }
    expect(new Set(ruleEntries.map((entry) => entry.correlationId)).size).toBe(1);
    expect(ruleEntries.find((entry) => entry.type === 'EmailAssigned')?.change).toMatchObject({
      from: null,
      to: bob.id,
    });

    const byMembers = history
      .filter((entry) => entry.actor.kind === 'user')
      .map((entry) => [entry.type, entry.actor.kind === 'user' ? entry.actor.userId : null, entry.correlationId]);
    expect(byMembers).toEqual([
      ['EmailMarkedRead', ann.id, 'step-read'],
      ['EmailAssigned', ann.id, 'step-assign'],
      ['CommentAdded', bob.id, 'step-comment'],
      ['EmailStatusChanged', bob.id, 'step-status'],
      ['ReplyDraftSaved', ann.id, 'step-draft'],
      ['EmailLabelRemoved', bob.id, 'step-unlabel'],
      ['EmailArchived', ann.id, 'step-archive'],
      ['ReplyDraftDeleted', ann.id, 'step-send'],
      ['ReplyQueued', ann.id, 'step-send'],
    ]);
    const byType = (type: string, correlationId: string) =>
      history.find((entry) => entry.type === type && entry.correlationId === correlationId)!;
    expect(byType('EmailAssigned', 'step-assign')).toMatchObject({
      actor: { kind: 'user', userId: ann.id, email: ann.email },
      change: { from: bob.id, to: ann.id, fromName: expect.any(String), toName: expect.any(String) },
      causationId: null,
    });
    expect(byType('EmailStatusChanged', 'step-status').change).toEqual({ from: 'NEW', to: 'IN_PROGRESS' });
    expect(byType('EmailLabelRemoved', 'step-unlabel').change).toEqual({ labelId: vip.id, labelName: 'VIP' });
    expect(byType('CommentAdded', 'step-comment').change).toMatchObject({ message: 'Renewal terms attached' });
    // Every entry is within the instants of the script, in order.
    const times = history.map((entry) => Date.parse(entry.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(JSON.stringify(history)).not.toMatch(/password|\$argon|\$2[aby]\$/i);
  });

  it('follows the reply from draft to queued to sent, the outbox as the sender', async () => {
    const history = (await t.request<EmailHistoryEntry[]>(`/api/emails/${email.id}/history`, { token: ann.token }))
      .body;
    const sent = await until(
      async () =>
        (await t.request<EmailHistoryEntry[]>(`/api/emails/${email.id}/history`, { token: ann.token })).body.find(
          (entry) => entry.type === 'ReplySent',
        ),
      (entry) => entry !== undefined,
    );
    const queued = history.find((entry) => entry.type === 'ReplyQueued')!;
    expect(queued.change).toEqual({
      replyId,
      subject: 'Re: Contract renewal',
      recipients: ['ceo@vip.example.com'],
    });
    expect(sent).toMatchObject({ actor: { kind: 'system', source: 'outbox' }, change: { replyId } });
    expect(Date.parse(sent!.occurredAt)).toBeGreaterThan(Date.parse(queued.occurredAt));

    const replies = async (when: string) =>
      (await asOf(bob.token, when)).body.replies.map((r) => [r.id, r.status, r.body, r.sentAt !== null]);
    expect(await replies(at.archived)).toEqual([[expect.any(String), 'DRAFT', 'Draft one', false]]);
    expect(await replies(queued.occurredAt)).toEqual([[replyId, 'QUEUED', 'Renewed.', false]]);
    expect(await replies(sent!.occurredAt)).toEqual([[replyId, 'SENT', 'Renewed.', true]]);
  });

  it('answers 400 to a bad asOf and 404 before the email existed, for a malformed id and to another team', async () => {
    for (const bad of ['yesterday', '2026-11-17', '2026-13-45T99:00:00Z', '']) {
      const res = await asOf(ann.token, bad);
      expect([res.status, res.body.message]).toEqual([400, AS_OF_INVALID_MESSAGE]);
    }
    const before = await asOf(ann.token, beforeMail);
    expect([before.status, before.body.message]).toEqual([404, EMAIL_NOT_YET_MESSAGE]);

    const other = await teamWith(t, sink, []);
    for (const path of [`/api/emails/${email.id}/history`, `/api/emails/${email.id}?asOf=${at.read}`]) {
      const res = await t.request<{ message: string }>(path, { token: other.admin.token });
      expect([res.status, res.body.message]).toEqual([404, 'Email not found']);
    }
    for (const path of ['/api/emails/not-a-uuid/history', `/api/emails/not-a-uuid?asOf=${at.read}`]) {
      expect((await t.request(path, { token: ann.token })).status).toBe(404);
    }
    expect((await t.request(`/api/emails/${email.id}/history`)).status).toBe(401);
  });
});
