import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { person, type Person, teamWith } from '../../../test/app/identity-fixtures';
import { startTestApp, type TestApp } from '../../../test/app/test-app';
import { receiveEmail } from '../../../test/notifications/receive-email';
import { type CapturedMail, type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink';
import { NotificationDigestQueue } from './infrastructure/notification-digest-queue';
import { NotificationQueue } from './infrastructure/notification-queue';
import { readUntil } from '../../../test/support/until';

const until = <T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 30_000) =>
  readUntil(read, ok, timeoutMs);

const WINDOW_SECONDS = 8;

/** Waits for the start of a cap window, so that what follows falls in one window. */
async function atWindowStart(): Promise<void> {
  const ms = WINDOW_SECONDS * 1000;
  await new Promise((resolve) => setTimeout(resolve, ms - (Date.now() % ms) + 50));
}

describe('notification email caps and digests (real PostgreSQL, SMTP and pg-boss)', () => {
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ smtpUrl: sink.url, publicUrl: 'https://inbox.example.com' });
    t.app.get(NotificationDigestQueue).pollingIntervalSeconds = 0.5;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const to = (who: Person) => (m: CapturedMail) => m.to.includes(who.email.toLowerCase());
  const isDigest = (m: CapturedMail) => / more notifications from Team Inbox$/.test(m.subject);
  const mailsAbout = (emailIds: string[], who: Person) =>
    sink.messages.filter((m) => to(who)(m) && !isDigest(m) && emailIds.some((id) => m.text.includes(id)));
  const digestsTo = (who: Person) => sink.messages.filter((m) => to(who)(m) && isDigest(m));

  it('a recipient past the hourly cap gets the rest of the window as one digest at its end', async () => {
    t.app.get(NotificationDigestQueue).caps = { perRecipient: 3, perTeam: 1000, windowSeconds: WINDOW_SECONDS };
    const { members, teamId } = await teamWith(t, sink, ['MEMBER']);
    const [member] = members;
    await atWindowStart();
    const subjects = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'].map((s) => `Cap ${s} ${uuidv7()}`);
    const emailIds: string[] = [];
    for (const subject of subjects) emailIds.push(await receiveEmail(t, teamId, subject));

    const single = await until(
      async () => mailsAbout(emailIds, member),
      (mails) => mails.length >= 3,
    );
    expect(single).toHaveLength(3);
    // Nothing more before the window ends, then one digest with the three others.
    const [digest] = await until(
      async () => digestsTo(member),
      (d) => d.length > 0,
    );
    expect(digest.subject).toBe('3 more notifications from Team Inbox');
    const inSingles = subjects.filter((s) => single.some((m) => m.text.includes(s)));
    const inDigest = subjects.filter((s) => digest.text.includes(s));
    expect(inSingles).toHaveLength(3);
    expect(inDigest.sort()).toEqual(subjects.filter((s) => !inSingles.includes(s)).sort());
    expect(digest.text).toContain('https://inbox.example.com/admin/notifications');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(digestsTo(member)).toHaveLength(1);
    expect(mailsAbout(emailIds, member)).toHaveLength(3);
    const held: unknown[] = await t.app.get(DataSource).query('SELECT 1 FROM notification_email_digest');
    expect(held).toEqual([]);
  }, 90_000);

  it('a team past its hourly cap: its members get the rest of the window as digests', async () => {
    t.app.get(NotificationDigestQueue).caps = { perRecipient: 1000, perTeam: 2, windowSeconds: WINDOW_SECONDS };
    const { admin, members, teamId } = await teamWith(t, sink, ['MEMBER']);
    const everyone = [admin, ...members];
    await atWindowStart();
    const emailIds: string[] = [];
    for (const s of ['A', 'B', 'C']) emailIds.push(await receiveEmail(t, teamId, `Team cap ${s} ${uuidv7()}`));

    const digests = await until(
      async () => everyone.flatMap((who) => digestsTo(who)),
      (d) => d.length >= 2,
    );
    const singles = everyone.flatMap((who) => mailsAbout(emailIds, who));
    // 3 emails × 2 members = 6 notifications: 2 mailed one by one, 4 in one digest per member.
    expect(singles).toHaveLength(2);
    expect(digests).toHaveLength(2);
    expect(digests.map((d) => Number(/^(\d+) more/.exec(d.subject)?.[1])).reduce((a, b) => a + b, 0)).toBe(4);
  }, 90_000);

  it('mails a login link at once while 500 notification emails of another team wait', async () => {
    t.app.get(NotificationDigestQueue).caps = { perRecipient: 1000, perTeam: 1000, windowSeconds: 3600 };
    const { admin: busy } = await teamWith(t, sink, []);
    const queue = t.app.get(NotificationQueue);
    const db = t.app.get(DataSource);
    await db.transaction((tx) =>
      queue.enqueue(
        Array.from({ length: 500 }, (_, i) => ({
          channel: 'email' as const,
          job: {
            notificationId: uuidv7(),
            userId: busy.id,
            type: 'EMAIL_RECEIVED' as const,
            title: 'New e-mail',
            message: `Burst ${i}`,
            actionUrl: null,
            language: 'en' as const,
          },
        })),
        tx,
      ),
    );
    const waiting = async () =>
      Number(
        (
          await db.query(
            `SELECT count(*) AS n FROM pgboss.job WHERE name = 'notification-email' AND state IN ('created', 'retry', 'active')`,
          )
        )[0].n,
      );
    expect(await waiting()).toBeGreaterThan(400);

    const someone = await person(t, 'waiting', { proven: false });
    const before = sink.messages.length;
    const startedAt = Date.now();
    expect((await t.request('/api/sendLoginLink', { method: 'POST', body: { email: someone.email } })).status).toBe(
      200,
    );
    await sink.waitFor(someone.email, (m) => sink.messages.indexOf(m) >= before);
    expect(Date.now() - startedAt).toBeLessThan(5000);
    expect(await waiting()).toBeGreaterThan(100);
  }, 90_000);
});
