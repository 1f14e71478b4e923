import type {
  Email,
  EmailAction,
  EmailDetail,
  EmailRulesExplanation,
  Label,
  Notification,
  Page,
  Rule,
  TRuleRequest,
} from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { type Person, teamWith } from '../../../test/app/identity-fixtures';
import { startTestApp, type TestApp } from '../../../test/app/test-app';
import { dovecotMailbox, startDovecot, type TestDovecot } from '../../../test/mail/dovecot';
import { type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink';
import { until } from '../../../test/support/until';
import { MailboxSupervisor } from '../mail/infrastructure/imap/mailbox-supervisor';

const message = (id: string, from: string, subject: string, body = `Hello ${subject}`, extra = '') =>
  `From: Customer <${from}>\r\nTo: support@example.com\r\nSubject: ${subject}\r\nMessage-ID: <${id}@example.com>\r\n` +
  `Date: Mon, 2 Nov 2026 10:00:00 +0000\r\n${extra}\r\n${body}\r\n`;

describe('automatic rules', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let dovecot: TestDovecot;
  let admin: Person;
  let maintainer: Person;
  let member: Person;
  let vacationer: Person;
  let vip: Label;
  let teamId: string;

  const rulesOf = (token: string) => t.request<Rule[]>('/api/rules', { token });
  const create = (token: string, body: unknown) => t.request<Rule>('/api/rules', { method: 'POST', token, body });
  const findEmail = async (token: string, subject: string, folder = 'inbox') =>
    (
      await t.request<Page<Email>>(`/api/emails?size=100&folder=${folder}&search=${encodeURIComponent(subject)}`, {
        token,
      })
    ).body.content.find((email) => email.subject === subject);
  const explanation = (token: string, id: string) =>
    t.request<EmailRulesExplanation>(`/api/emails/${id}/rules`, { token }).then((res) => res.body);
  const connect = (token: string, applyRulesToFirstSync?: boolean) =>
    t.request('/api/email-server-config', {
      method: 'POST',
      token,
      body: dovecotMailbox(dovecot, { applyRulesToFirstSync }),
    });
  /** The email as the engine left it: visible, and evaluated by the rules (explanation says so). */
  const evaluated = async (token: string, subject: string, folder = 'inbox') => {
    const email = await until(
      () => findEmail(token, subject, folder),
      (found) => found !== undefined,
    );
    await until(
      () => explanation(token, email!.id),
      (rules) => rules.evaluated || rules.skipped !== null,
    );
    return (await t.request<Email>(`/api/emails/${email!.id}`, { token })).body;
  };

  beforeAll(async () => {
    dovecot = await startDovecot();
    sink = await startSmtpSink();
    t = await startTestApp({ smtpUrl: sink.url });
    const supervisor = t.app.get(MailboxSupervisor);
    supervisor.tuning = { ...supervisor.tuning, batchSize: 50, pollIntervalMs: 1000, minBackoffMs: 100 };
    const team = await teamWith(t, sink, ['MAINTAINER', 'MEMBER', 'MEMBER']);
    admin = team.admin;
    teamId = team.teamId;
    [maintainer, member, vacationer] = team.members;
    const label = await t.request<Label>('/api/email-labels', {
      method: 'POST',
      token: admin.token,
      body: { name: 'VIP', color: 'danger' },
    });
    vip = label.body;
    await t.request('/api/me/availability', { method: 'PUT', token: vacationer.token, body: { onVacation: true } });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await dovecot?.stop();
  });

  describe('the rules API', () => {
    const rule: TRuleRequest = {
      name: 'Invoices',
      enabled: true,
      priority: null,
      matchMode: 'ALL',
      conditions: [{ field: 'SUBJECT', operator: 'CONTAINS', value: 'invoice' }],
      actions: [{ type: 'SET_PRIORITY', value: 'HIGH', skipIfOnVacation: false }],
      suppressNotifications: false,
    };

    it('lets ADMIN and MAINTAINER manage rules and a MEMBER read them', async () => {
      const created = await create(maintainer.token, rule);
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ ...rule, priority: 1, id: expect.any(String) });
      expect((await create(member.token, rule)).status).toBe(403);
      const id = created.body.id;
      expect((await t.request(`/api/rules/${id}`, { method: 'PUT', token: member.token, body: rule })).status).toBe(
        403,
      );
      expect((await t.request(`/api/rules/${id}`, { method: 'DELETE', token: member.token })).status).toBe(403);
      expect((await rulesOf(member.token)).body.map((r) => r.name)).toEqual(['Invoices']);

      const second = await create(admin.token, { ...rule, name: 'Second', priority: undefined });
      expect(second.body.priority).toBe(2);
      const off = await t.request<Rule>(`/api/rules/${id}`, {
        method: 'PUT',
        token: admin.token,
        body: { ...rule, enabled: false, priority: 5, matchMode: 'ANY' },
      });
      expect(off.body).toMatchObject({ id, enabled: false, priority: 5, matchMode: 'ANY' });
      expect((await rulesOf(admin.token)).body.map((r) => [r.name, r.priority, r.enabled])).toEqual([
        ['Second', 2, true],
        ['Invoices', 5, false],
      ]);
      for (const gone of [id, second.body.id]) {
        expect((await t.request(`/api/rules/${gone}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
      }
      expect((await rulesOf(admin.token)).body).toEqual([]);
    });

    it("answers 404 for another team's rule, a deleted one and a malformed id, and 400 with a clear message", async () => {
      const other = await teamWith(t, sink, []);
      const theirs = await create(other.admin.token, rule);
      const theirLabel = await t.request<Label>('/api/email-labels', {
        method: 'POST',
        token: other.admin.token,
        body: { name: 'Theirs' },
      });
      for (const method of ['PUT', 'DELETE']) {
        const res = await t.request<{ message: string }>(`/api/rules/${theirs.body.id}`, {
          method,
          token: admin.token,
          body: rule,
        });
        expect([res.status, res.body.message]).toEqual([404, 'Rule not found']);
      }
      expect((await t.request('/api/rules/not-a-uuid', { method: 'DELETE', token: admin.token })).status).toBe(404);
      expect((await rulesOf(other.admin.token)).body).toHaveLength(1);

      const bad = async (body: unknown) => {
        const res = await create(admin.token, body);
        return [res.status, (res.body as unknown as { message: string }).message];
      };
      expect(
        await bad({ ...rule, actions: [{ type: 'ADD_LABEL', value: theirLabel.body.id, skipIfOnVacation: false }] }),
      ).toEqual([400, "Action 1: the label is not one of your team's labels"]);
      expect(
        await bad({ ...rule, actions: [{ type: 'ASSIGN_TO_USER', value: other.admin.id, skipIfOnVacation: false }] }),
      ).toEqual([400, 'Action 1: the user is not a member of your team']);
      const [status, regexMessage] = await bad({
        ...rule,
        conditions: [{ field: 'BODY', operator: 'REGEX', value: '(?<=x)y' }],
      });
      expect([status, regexMessage]).toEqual([400, expect.stringMatching(/^Condition 1: invalid regular expression/)]);
      expect(await bad({ ...rule, conditions: [{ field: 'TO', operator: 'CONTAINS', value: 'x' }] })).toEqual([
        400,
        "Unknown condition field 'TO'",
      ]);
      expect(await bad({ ...rule, conditions: Array.from({ length: 21 }, () => rule.conditions[0]) })).toEqual([
        400,
        'A rule can have at most 20 conditions',
      ]);
      // Nothing of the refused requests was kept.
      expect((await rulesOf(admin.token)).body).toEqual([]);
    });
  });

  describe('the engine on mail from a real Dovecot', () => {
    beforeAll(async () => {
      const rules: TRuleRequest[] = [
        {
          name: 'VIP customers',
          enabled: true,
          priority: 1,
          matchMode: 'ALL',
          conditions: [{ field: 'FROM_EMAIL', operator: 'ENDS_WITH', value: '@VIP.example.com' }],
          actions: [
            { type: 'ASSIGN_TO_USER', value: member.id, skipIfOnVacation: true },
            { type: 'ADD_LABEL', value: vip.id, skipIfOnVacation: false },
            { type: 'SET_PRIORITY', value: 'HIGH', skipIfOnVacation: false },
          ],
          suppressNotifications: false,
        },
        {
          name: 'Spam words',
          enabled: true,
          priority: 2,
          matchMode: 'ANY',
          conditions: [
            { field: 'SUBJECT', operator: 'REGEX', value: '(?i)lottery|viagra' },
            { field: 'HEADER', operator: 'EQUALS', value: 'YES', headerName: 'X-Spam-Flag' },
          ],
          actions: [{ type: 'MARK_AS_SPAM', value: null, skipIfOnVacation: false }],
          suppressNotifications: true,
        },
        {
          name: 'Support desk',
          enabled: true,
          priority: 3,
          matchMode: 'ALL',
          conditions: [{ field: 'HEADER', operator: 'IN_LIST', value: 'desk, support', headerName: 'X-Team' }],
          actions: [
            { type: 'ASSIGN_TO_USER', value: vacationer.id, skipIfOnVacation: true },
            { type: 'ASSIGN_TO_USER', value: maintainer.id, skipIfOnVacation: true },
            { type: 'SET_STATUS', value: 'IN_PROGRESS', skipIfOnVacation: false },
            { type: 'ASSIGN_LAST_RESPONDER', value: null, skipIfOnVacation: false },
          ],
          suppressNotifications: false,
        },
        {
          name: 'Switched off',
          enabled: false,
          priority: 0,
          matchMode: 'ALL',
          conditions: [],
          actions: [{ type: 'SET_PRIORITY', value: 'LOW', skipIfOnVacation: false }],
          suppressNotifications: false,
        },
        {
          name: 'Catastrophic pattern',
          enabled: true,
          priority: 4,
          matchMode: 'ALL',
          conditions: [{ field: 'BODY', operator: 'REGEX', value: '(a+)+$' }],
          actions: [{ type: 'SET_STATUS', value: 'CLOSED', skipIfOnVacation: false }],
          suppressNotifications: false,
        },
      ];
      for (const rule of rules) expect((await create(admin.token, rule)).status).toBe(200);
      const imap = await dovecot.client();
      await imap.append('INBOX', message('old-vip', 'ceo@vip.example.com', 'Old VIP question'));
      await imap.append('INBOX', message('old-spam', 'x@spam.example.net', 'You won the LOTTERY'));
      await imap.append(
        'INBOX',
        message('old-desk', 'someone@example.org', 'Printer broken', 'It is broken', 'X-Team: Support\r\n'),
      );
      await imap.append('INBOX', message('old-plain', 'someone@example.org', 'Just a question'));
      await imap.logout();
      expect((await connect(admin.token)).status).toBe(200);
    }, 60_000);

    it('assigns, labels and prioritises old mail of the first sync, with the rule as the actor', async () => {
      const evaluatedEmail = await evaluated(admin.token, 'Old VIP question');
      // The explanation and the inbox and action-log read models are projections of their own: wait for the last.
      const email = await until(
        async () => (await t.request<Email>(`/api/emails/${evaluatedEmail.id}`, { token: admin.token })).body,
        (found) => found.priority !== 'MEDIUM',
      );
      expect(email).toMatchObject({ assignedTo: member.id, labels: [vip.id], priority: 'HIGH', status: 'NEW' });
      const log = await until(
        async () => (await t.request<EmailAction[]>(`/api/emails/${email.id}/actions`, { token: member.token })).body,
        (entries) => entries.length >= 3,
      );
      expect(log.map((entry) => [entry.type, entry.actorName, entry.actorUserId])).toEqual([
        ['ASSIGN', "Rule 'VIP customers'", null],
        ['LABEL_ADDED', "Rule 'VIP customers'", null],
        ['PRIORITY_CHANGED', "Rule 'VIP customers'", null],
      ]);
      expect(log[0].actor).toEqual({ kind: 'rule', ruleId: expect.any(String), ruleName: 'VIP customers' });
      expect(log[0].details).toMatchObject({ assignedTo: member.id });
      const why = await explanation(member.token, email.id);
      expect(why.matches).toHaveLength(1);
      expect(why.matches[0]).toMatchObject({
        ruleName: 'VIP customers',
        conditions: [{ field: 'FROM_EMAIL', operator: 'ENDS_WITH', value: '@VIP.example.com', held: true }],
        actions: [
          { type: 'ASSIGN_TO_USER', applied: true, target: { id: member.id } },
          { type: 'ADD_LABEL', applied: true, target: { id: vip.id, name: 'VIP' } },
          { type: 'SET_PRIORITY', applied: true },
        ],
      });
    });

    it('marks spam by a regular expression and records the suppressed notifications', async () => {
      const email = await evaluated(admin.token, 'You won the LOTTERY', 'spam');
      expect(email.isSpam).toBe(true);
      const why = await explanation(admin.token, email.id);
      expect(why.matches[0]).toMatchObject({
        ruleName: 'Spam words',
        suppressNotifications: true,
        conditions: [
          { field: 'SUBJECT', held: true },
          { field: 'HEADER', headerName: 'X-Spam-Flag', held: false },
        ],
      });
    });

    it('skips a member on vacation and a missing last responder, with the reasons; a disabled rule never runs', async () => {
      const email = await evaluated(admin.token, 'Printer broken');
      expect(email).toMatchObject({ assignedTo: maintainer.id, status: 'IN_PROGRESS', priority: 'MEDIUM' });
      const why = await explanation(admin.token, email.id);
      expect(why.matches.map((match) => match.ruleName)).toEqual(['Support desk']);
      expect(why.matches[0].actions.map((a) => [a.type, a.applied, a.skipReason])).toEqual([
        ['ASSIGN_TO_USER', false, 'ON_VACATION'],
        ['ASSIGN_TO_USER', true, null],
        ['SET_STATUS', true, null],
        ['ASSIGN_LAST_RESPONDER', false, 'NO_LAST_RESPONDER'],
      ]);
      const plain = await evaluated(admin.token, 'Just a question');
      expect(plain).toMatchObject({ assignedTo: null, labels: [], priority: 'MEDIUM', status: 'NEW' });
      expect(await explanation(admin.token, plain.id)).toEqual({
        emailId: plain.id,
        evaluated: true,
        skipped: null,
        tooSlow: [],
        matches: [],
      });
      // While the matches' projection lags behind what the engine recorded, the explanation is not complete.
      const db = t.app.get(DataSource);
      await db.query(`UPDATE rule_engine_email SET matched = 1 WHERE email_id = $1`, [plain.id]);
      try {
        expect(await explanation(admin.token, plain.id)).toMatchObject({ evaluated: false, matches: [] });
      } finally {
        await db.query(`UPDATE rule_engine_email SET matched = 0 WHERE email_id = $1`, [plain.id]);
      }
    });

    it('applies the rules to mail APPENDed live, and a member resolves it in the action log', async () => {
      const imap = await dovecot.client();
      await imap.append('INBOX', message('live-vip', 'boss@vip.example.com', 'Live VIP order'));
      await imap.logout();
      const email = await evaluated(member.token, 'Live VIP order');
      expect(email).toMatchObject({ assignedTo: member.id, labels: [vip.id], priority: 'HIGH' });
      // The assignee is told of the live assignment; the same rule's assignment of old mail (the first sync) was
      // history, and told nobody (it was decided before this one).
      const old = await findEmail(member.token, 'Old VIP question');
      const assignedTo = async () =>
        (await t.request<Page<Notification>>('/api/notifications?size=100', { token: member.token })).body.content
          .filter((notification) => notification.type === 'TASK_ASSIGNED')
          .map((notification) => notification.emailId);
      expect(await until(assignedTo, (emailIds) => emailIds.includes(email.id))).toEqual([email.id]);
      expect(old?.assignedTo).toBe(member.id);

      const resolved = await t.request<Email>(`/api/emails/${email.id}/status`, {
        method: 'PUT',
        token: member.token,
        body: { status: 'RESOLVED' },
      });
      expect(resolved.body.status).toBe('RESOLVED');
      const lowered = await t.request<Email>(`/api/emails/${email.id}/priority`, {
        method: 'PUT',
        token: member.token,
        body: { priority: 'LOW' },
      });
      expect(lowered.body.priority).toBe('LOW');
      const bad = await t.request<{ message: string }>(`/api/emails/${email.id}/status`, {
        method: 'PUT',
        token: member.token,
        body: { status: 'DONE' },
      });
      expect([bad.status, bad.body.message]).toEqual([400, "Unknown status 'DONE'"]);
      const log = (await t.request<EmailAction[]>(`/api/emails/${email.id}/actions`, { token: admin.token })).body;
      expect(log.slice(-2).map((entry) => [entry.type, entry.actor.kind, entry.actorEmail, entry.details])).toEqual([
        ['STATUS_CHANGED', 'user', member.email, { status: 'RESOLVED', previousStatus: 'NEW' }],
        ['PRIORITY_CHANGED', 'user', member.email, { priority: 'LOW', previousPriority: 'HIGH' }],
      ]);
      const detail = (await t.request<EmailDetail>(`/api/emails/${email.id}`, { token: admin.token })).body;
      expect(detail).toMatchObject({ status: 'RESOLVED', priority: 'LOW' });
    });

    it('assigns the last responder: the member who replied to the same sender', async () => {
      const earlier = await evaluated(admin.token, 'Old VIP question');
      const sent = await t.request(`/api/emails/send-reply`, {
        method: 'POST',
        token: maintainer.token,
        body: {
          emailId: earlier.id,
          teamId,
          to: ['ceo@vip.example.com'],
          subject: 'Re: Old VIP question',
          body: 'On it',
        },
      });
      expect(sent.status).toBeLessThan(300);
      await t.request('/api/rules', {
        method: 'POST',
        token: admin.token,
        body: {
          name: 'Back to who answered',
          priority: 10,
          conditions: [{ field: 'SUBJECT', operator: 'STARTS_WITH', value: 'Follow-up' }],
          actions: [{ type: 'ASSIGN_LAST_RESPONDER', value: null, skipIfOnVacation: true }],
        },
      });
      const imap = await dovecot.client();
      await imap.append('INBOX', message('follow-up', 'ceo@vip.example.com', 'Follow-up on my question'));
      await imap.logout();
      const email = await evaluated(admin.token, 'Follow-up on my question');
      // The VIP rule assigns the member first; the later rule hands the email to the maintainer who replied.
      expect(email.assignedTo).toBe(maintainer.id);
    });

    it('runs a catastrophic regular expression against a 1 MB body without slowing ingestion', async () => {
      const imap = await dovecot.client();
      const started = Date.now();
      // 1 MB of 'a' runs, each kilobyte ending with '!': the stored body (its first 512 KiB, see docs/mail.md) ends
      // with '!' as the message does.
      const body = ('a'.repeat(1023) + '!').repeat(1024);
      await imap.append('INBOX', message('huge', 'someone@example.org', 'Huge body', body));
      await imap.append('INBOX', message('after-huge', 'boss@vip.example.com', 'Right after the huge one'));
      await imap.logout();
      const huge = await evaluated(admin.token, 'Huge body');
      const next = await evaluated(admin.token, 'Right after the huge one');
      const ms = Date.now() - started;
      console.log(`1 MB body with (a+)+$ and the next message evaluated in ${ms} ms`);
      // The body ends with '!', so the pattern does not match; a backtracking engine would never finish a run.
      expect(huge.status).toBe('NEW');
      expect(next).toMatchObject({ assignedTo: member.id, priority: 'HIGH' });
      expect(ms).toBeLessThan(20_000);
    });
  });

  describe('the first sync option', () => {
    it("leaves another team's old mail alone when its mailbox says so, and acts on its live mail", async () => {
      const other = await teamWith(t, sink, []);
      const label = (
        await t.request<Label>('/api/email-labels', {
          method: 'POST',
          token: other.admin.token,
          body: { name: 'Everything' },
        })
      ).body;
      await create(other.admin.token, {
        name: 'Label everything',
        actions: [{ type: 'ADD_LABEL', value: label.id, skipIfOnVacation: false }],
      });
      expect((await connect(other.admin.token, false)).status).toBe(200);
      const config = await t.request<{ applyRulesToFirstSync: boolean }>('/api/email-server-config', {
        token: other.admin.token,
      });
      expect(config.body.applyRulesToFirstSync).toBe(false);
      const old = await until(
        () => findEmail(other.admin.token, 'Just a question'),
        (found) => found !== undefined,
      );
      const why = await until(
        () => explanation(other.admin.token, old!.id),
        (rules) => rules.skipped !== null,
      );
      expect(why).toMatchObject({ evaluated: false, skipped: 'FIRST_SYNC', matches: [] });
      expect((await t.request<Email>(`/api/emails/${old!.id}`, { token: other.admin.token })).body.labels).toEqual([]);

      const imap = await dovecot.client();
      await imap.append('INBOX', message('live-other', 'someone@example.org', 'New for both teams'));
      await imap.logout();
      const evaluatedLive = await evaluated(other.admin.token, 'New for both teams');
      // The explanation and the inbox read model are projections of their own: wait for the label.
      const live = await until(
        async () => (await t.request<Email>(`/api/emails/${evaluatedLive.id}`, { token: other.admin.token })).body,
        (found) => found.labels.length > 0,
      );
      expect(live.labels).toEqual([label.id]);

      // The explanation of another team's email (the same message, synced by both teams) and of a malformed id: 404.
      const mine = await findEmail(admin.token, 'Old VIP question');
      for (const id of [mine!.id, 'not-a-uuid']) {
        const res = await t.request<{ message: string }>(`/api/emails/${id}/rules`, { token: other.admin.token });
        expect([res.status, res.body.message]).toEqual([404, 'Email not found']);
      }
      expect((await t.request(`/api/emails/${mine!.id}/rules`, { token: member.token })).status).toBe(200);
    });
  });
});
