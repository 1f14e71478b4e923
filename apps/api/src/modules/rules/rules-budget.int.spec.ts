import type { Email, EmailRulesExplanation, Page, Rule, RuleCondition } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { type Person, teamWith } from '../../../test/app/identity-fixtures';
import { startTestApp, type TestApp } from '../../../test/app/test-app';
import { dovecotMailbox, startDovecot, type TestDovecot } from '../../../test/mail/dovecot';
import { randomAb, THRASHING_ALTERNATION, THRASHING_PATTERN } from '../../../test/rules/costly-patterns';
import { type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink';
import { until } from '../../../test/support/until';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store.port';
import { MailboxSupervisor } from '../mail/infrastructure/imap/mailbox-supervisor';
import { rulesStreamId } from './domain/rules.decider';

const message = (id: string, subject: string, body: string, encoding = '7bit') =>
  `From: Customer <customer@example.org>\r\nTo: support@example.com\r\nSubject: ${subject}\r\n` +
  `Message-ID: <${id}@example.com>\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\n` +
  `Content-Type: text/plain; charset=us-ascii\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${body}\r\n`;

/**
 * 512 KiB of random a and b in one run (quoted-printable soft line breaks every 75 characters): the worst case of
 * `a[ab]{1000}x` for RE2, whose automaton thrashes and falls back to its slow engine.
 */
function bigMessage(index: number): string {
  const body = randomAb(512 * 1024, index + 1).replace(/.{75}/g, '$&=\r\n');
  return message(`big-${index}`, `Big ${index}`, body, 'quoted-printable');
}

/**
 * One team's costly rule never stops the others: matching runs on worker threads, each rule on each email on a
 * budget, and a team's batch on a budget of its own (docs/rules.md, "Matching on a budget").
 */
describe('rules on a budget', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let dovecot: TestDovecot;
  let adminA: Person;
  let adminB: Person;
  let teamA: string;

  const emailsOf = (token: string, folder = 'inbox') =>
    t.request<Page<Email>>(`/api/emails?size=100&folder=${folder}`, { token }).then((res) => res.body.content);
  const explanation = (token: string, id: string) =>
    t.request<EmailRulesExplanation>(`/api/emails/${id}/rules`, { token }).then((res) => res.body);
  const connect = (token: string, imapFolder: string) =>
    t.request('/api/email-server-config', {
      method: 'POST',
      token,
      body: dovecotMailbox(dovecot, { imapFolder }),
    });

  beforeAll(async () => {
    dovecot = await startDovecot();
    sink = await startSmtpSink();
    t = await startTestApp({ smtpUrl: sink.url });
    const supervisor = t.app.get(MailboxSupervisor);
    supervisor.tuning = { ...supervisor.tuning, pollIntervalMs: 1000, minBackoffMs: 100 };
    const a = await teamWith(t, sink, []);
    const b = await teamWith(t, sink, []);
    [adminA, adminB, teamA] = [a.admin, b.admin, a.teamId];
    const imap = await dovecot.client();
    await imap.mailboxCreate('Other');
    await imap.logout();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await dovecot?.stop();
  });

  it('refuses at save a pattern too costly on its face or too slow on a test text, naming the condition', async () => {
    const save = (value: string) =>
      t.request<{ message: string }>('/api/rules', {
        method: 'POST',
        token: adminB.token,
        body: { name: 'Costly', conditions: [{ field: 'BODY', operator: 'REGEX', value }] },
      });
    const counted = await save(THRASHING_PATTERN);
    expect(counted.status).toBe(400);
    expect(counted.body.message).toBe(
      'Condition 1: this regular expression would be too slow on incoming mail ' +
        '(a repetition may be counted at most 100 times ({1000}))',
    );
    const slow = await save(THRASHING_ALTERNATION);
    expect(slow.status).toBe(400);
    expect(slow.body.message).toMatch(/^Condition 1: this regular expression is too slow on incoming mail/);
    expect((await save('^Invoice INV-\\d{4}$')).status).toBe(200);
  });

  it("keeps the process and another team's mail going while a team's rule is too slow on every email", async () => {
    // A rule saved before the limits at save existed: twenty conditions that make RE2 thrash on random a/b text.
    const conditions: RuleCondition[] = Array.from({ length: 20 }, () => ({
      field: 'BODY',
      operator: 'REGEX',
      value: THRASHING_PATTERN,
    }));
    const ruleId = uuidv7();
    await t.app.get<EventStore>(EVENT_STORE).appendToStream(
      rulesStreamId(teamA),
      [
        {
          eventId: uuidv7(),
          type: 'RuleCreated',
          data: {
            teamId: teamA,
            ruleId,
            enabled: true,
            rule: {
              name: 'Thrashing',
              priority: 1,
              matchMode: 'ANY',
              conditions,
              actions: [{ type: 'SET_PRIORITY', value: 'HIGH', skipIfOnVacation: false }],
              suppressNotifications: false,
            },
          },
          metadata: {
            actorUserId: adminA.id,
            teamId: teamA,
            correlationId: uuidv7(),
            causationId: null,
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      'no_stream',
    );
    await until(
      () => t.request<Rule[]>('/api/rules', { token: adminA.token }).then((res) => res.body),
      (rules) => rules.some((rule) => rule.id === ruleId),
      10_000,
    );
    expect((await connect(adminA.token, 'INBOX')).status).toBe(200);
    expect((await connect(adminB.token, 'Other')).status).toBe(200);

    // Made before the clock starts: the test shares its event loop with the app.
    const bigMessages = Array.from({ length: 20 }, (_, index) => bigMessage(index));
    const healthMs: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const started = Date.now();
        const res = await t.request('/api/health/live').catch((error: Error) => {
          // A kept-alive socket the server closed as it was reused: the request never reached it, ask again (the
          // time still counts from the first try).
          if (String(error.cause).includes('ECONNRESET')) return t.request('/api/health/live');
          throw error;
        });
        expect(res.status).toBe(200);
        healthMs.push(Date.now() - started);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    const imap = await dovecot.client();
    for (const big of bigMessages) await imap.append('INBOX', big);
    const sentToB = Date.now();
    await imap.append('Other', message('for-b', 'For team B', 'Hello team B'));
    await imap.logout();
    await until(
      () => emailsOf(adminB.token),
      (emails) => emails.some((email) => email.subject === 'For team B'),
      5_000,
    );
    const listedMs = Date.now() - sentToB;

    const mine = await until(
      () => emailsOf(adminA.token),
      (emails) => emails.filter((email) => email.subject.startsWith('Big ')).length === 20,
      60_000,
    );
    const explained = await until(
      () => Promise.all(mine.map((email) => explanation(adminA.token, email.id))),
      (all) => all.every((rules) => rules.evaluated),
      120_000,
    );
    polling = false;
    await poller;
    const sorted = [...healthMs].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)];
    const slowest = sorted[sorted.length - 1];
    console.log(`team B's mail listed after ${listedMs} ms; /api/health/live p95 ${p95} ms, slowest ${slowest} ms`);

    for (const rules of explained) {
      expect(rules.tooSlow).toEqual([{ ruleId, ruleName: 'Thrashing' }]);
      expect(rules.matches).toEqual([]);
    }
    // Alone every answer comes within 1 s (the slowest 85-704 ms seen). In the whole suite another test file shares
    // the two cores, and a rare answer waits seconds for the CPU (3.8 s once): at most two answers may pass 1 s.
    // Before matching left the process, no answer came for minutes.
    expect(healthMs.length).toBeGreaterThan(20);
    expect(p95).toBeLessThan(1_000);
    expect(healthMs.filter((ms) => ms >= 1_000).length).toBeLessThanOrEqual(2);
    const [flagged] = (await t.request<Rule[]>('/api/rules', { token: adminA.token })).body;
    expect(flagged).toMatchObject({ id: ruleId, tooSlow: { times: expect.any(Number), at: expect.any(String) } });
    expect(flagged.tooSlow!.times).toBeGreaterThanOrEqual(1);
    expect(mine.map((email) => email.id)).toContain(flagged.tooSlow!.emailId);
  }, 240_000);
});
