import {
  type Email,
  NO_PERSONAL_DATA_MESSAGE,
  type NotificationsCreatedPerRecipient,
  type Page,
  type Reply,
} from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port';
import { teamWith } from '../../../../test/app/identity-fixtures';
import { erasureKit } from '../../../../test/app/erasure-kit';
import { suiteWithApp } from '../../../../test/app/suite';
import { until } from '../../../../test/support/until';

/** The sender of the sample email. */
const SENDER = 'martina.novakova@example.com';
const SUBJECT = 'Order #48213 arrived damaged';
/** A person the team only ever named in plain text (an event written before its fields were sealed). */
const LEGACY_PERSON = 'old.customer@example.com';
const ATTACHMENT_WORDS = 'the invoice of order 48213 for Martina';

describe('erasure is complete, and says what cannot be erased', () => {
  const { t, sink } = suiteWithApp();
  const { db, call, erase, configureSmtp } = erasureKit(t, sink);
  const store = () => t.app.get<EventStore>(EVENT_STORE);
  const sampleEmail = async (token: string) => {
    await call(token, 'POST', '/api/emails/sample');
    return (await call<Page<Email>>(token, 'GET', '/api/emails?size=50')).content.find(
      (email) => email.fromEmail === SENDER,
    ) as Email;
  };
  /** A comment as comments were recorded before they were sealed (no `correspondent`): it stays in plain text. */
  const appendPlainComment = (teamId: string, emailId: string, userId: string, message: string) =>
    store().appendToStream(
      `email-${emailId}`,
      [
        {
          eventId: uuidv7(),
          type: 'CommentAdded',
          data: { emailId, teamId, commentId: uuidv7(), userId, message, mentions: [] },
          metadata: {
            actorUserId: userId,
            teamId,
            correlationId: uuidv7(),
            causationId: null,
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      'any',
    );
  const auditRows = (teamId: string, text: string) =>
    db()
      .query(`SELECT type FROM team_audit WHERE team_id = $1 AND strpos(lower(payload::text), $2) > 0`, [
        teamId,
        text.toLowerCase(),
      ])
      .then((rows: { type: string }[]) => rows);

  it('reports an address only plain-text events name as "cannot be fully erased" (200), never as not kept', async () => {
    const team = await teamWith(t, sink, []);
    const email = await sampleEmail(team.admin.token);
    await appendPlainComment(team.teamId, email.id, team.admin.id, `Same case as ${LEGACY_PERSON} last year`);
    await until(
      () => auditRows(team.teamId, LEGACY_PERSON),
      (rows) => rows.length === 1,
    );

    const res = await erase(team.admin.token, 'Old.Customer@Example.com');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ eventId: null, remains: [{ eventType: 'CommentAdded', count: 1 }] });
    // Nothing was erased: no DataSubjectErased was appended.
    expect((await auditRows(team.teamId, 'DataSubjectErased')).length).toBe(0);

    // Nothing at all names this one: 404 as before.
    const unknown = await erase(team.admin.token, 'never.seen@example.com');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(NO_PERSONAL_DATA_MESSAGE);
  });

  it('erases a sender and lists, with counts, the plain-text events that still name them; none when all is sealed', async () => {
    const team = await teamWith(t, sink, []);
    const email = await sampleEmail(team.admin.token);
    await appendPlainComment(team.teamId, email.id, team.admin.id, `Called ${SENDER} back`);
    await appendPlainComment(team.teamId, email.id, team.admin.id, `Wrote to ${SENDER.toUpperCase()} again`);
    await until(
      () => auditRows(team.teamId, SENDER),
      (rows) => rows.filter((row) => row.type === 'CommentAdded').length === 2,
    );

    const res = await erase(team.admin.token, SENDER);
    expect(res.status).toBe(201);
    expect(res.body.eventId).toEqual(expect.any(String));
    // The sealed email reads "[erased]"; the two plain comments remain and are reported.
    expect(res.body.remains).toEqual([{ eventType: 'CommentAdded', count: 2 }]);

    const other = await teamWith(t, sink, []);
    await sampleEmail(other.admin.token);
    const sealed = await erase(other.admin.token, SENDER);
    expect(sealed.status).toBe(201);
    expect(sealed.body.remains).toEqual([]);
  });

  it('deletes the attachments of replies to the person and the copies of their data in job rows', async () => {
    const team = await teamWith(t, sink, ['MEMBER']);
    const [member] = team.members;
    await configureSmtp(team.admin.token);
    const email = await sampleEmail(team.admin.token);
    const base = `/api/emails/${email.id}`;

    // A reply to her with an attachment, and one to a colleague with her in copy (its attachment is not hers).
    const attachment = {
      fileName: 'invoice-martina.txt',
      contentType: 'text/plain',
      base64Content: Buffer.from(ATTACHMENT_WORDS).toString('base64'),
    };
    const toHer = await call<{ replyId: string }>(team.admin.token, 'POST', '/api/emails/send-reply', {
      emailId: email.id,
      teamId: team.teamId,
      to: [SENDER],
      subject: `Re: ${SUBJECT}`,
      body: 'Your invoice is attached.',
      attachments: [attachment],
    });
    const toColleague = await call<{ replyId: string }>(team.admin.token, 'POST', '/api/emails/send-reply', {
      emailId: email.id,
      teamId: team.teamId,
      to: ['warehouse.colleague@example.com'],
      cc: [SENDER],
      subject: 'Stock check',
      body: 'Please check the stock.',
      attachments: [{ ...attachment, fileName: 'stock.txt' }],
    });
    await until(
      () => call<Reply[]>(team.admin.token, 'GET', `${base}/replies`),
      (replies) =>
        [toHer.replyId, toColleague.replyId].every((id) =>
          replies.some((reply) => reply.id === id && reply.status === 'SENT'),
        ),
    );
    const attachmentsOf = (replyId: string) =>
      db()
        .query('SELECT filename FROM outbox_attachment WHERE reply_id = $1', [replyId])
        .then((rows: { filename: string }[]) => rows.map((row) => row.filename));
    expect(await attachmentsOf(toHer.replyId)).toEqual(['invoice-martina.txt']);
    // A failed attempt's output as pg-boss recorded it: the SMTP server's answer quoting her address.
    await db().query(`UPDATE pgboss.job SET output = $2::jsonb WHERE name = 'send-email' AND data->>'replyId' = $1`, [
      toHer.replyId,
      JSON.stringify({ message: `550 5.1.1 <${SENDER}>: mailbox full` }),
    ]);

    // A notification about her email, to be mailed to the member: its job, and the digest's copy of it.
    const notificationId = uuidv7();
    const created: NotificationsCreatedPerRecipient = {
      teamId: team.teamId,
      causeEventId: uuidv7(),
      causeType: 'EmailAssigned',
      notifications: [
        {
          notificationId,
          userId: member.id,
          type: 'TASK_ASSIGNED',
          title: 'Task assigned',
          message: `You were assigned: ${SUBJECT} from ${SENDER}`,
          actionUrl: `/admin/email-detail/${email.id}`,
          emailId: email.id,
          language: 'en',
          silent: false,
          channels: { email: true, slack: false, push: false },
        },
      ],
      correspondent: SENDER,
    };
    await store().appendToStream(
      `notifications-${created.causeEventId}`,
      [
        {
          eventId: uuidv7(),
          type: 'NotificationsCreated',
          data: created,
          metadata: {
            actorUserId: null,
            teamId: team.teamId,
            correlationId: uuidv7(),
            causationId: null,
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      'no_stream',
    );
    const notificationJobs = () =>
      db()
        .query(
          `SELECT data::text AS data FROM pgboss.job WHERE name = 'notification-email' AND data->>'notificationId' = $1`,
          [notificationId],
        )
        .then((rows: { data: string }[]) => rows.map((row) => row.data));
    expect((await until(notificationJobs, (jobs) => jobs.length === 1))[0]).toContain(SENDER);
    await db().query(
      `INSERT INTO notification_email_digest (user_id, window_start, notification_id, title, message, action_url, language)
       VALUES ($1, date_trunc('hour', now()), $2, 'Task assigned', $3, NULL, 'en')`,
      [member.id, notificationId, created.notifications[0].message],
    );

    expect((await erase(team.admin.token, SENDER)).status).toBe(201);

    // The reply written to her keeps no attachment; the one she was only copied on keeps its own.
    expect(await attachmentsOf(toHer.replyId)).toEqual([]);
    expect(await attachmentsOf(toColleague.replyId)).toEqual(['stock.txt']);
    const sendJobs: { output: unknown }[] = await db().query(
      `SELECT output FROM pgboss.job WHERE name = 'send-email' AND data->>'replyId' = $1`,
      [toHer.replyId],
    );
    expect(sendJobs.length).toBeGreaterThan(0);
    expect(JSON.stringify(sendJobs)).not.toContain(SENDER);
    // The notification's job and its held digest copy read as the event now reads.
    const jobs = await notificationJobs();
    expect(jobs).toHaveLength(1);
    expect(JSON.parse(jobs[0])).toMatchObject({ title: 'Task assigned', message: '[erased]' });
    const held: { title: string; message: string }[] = await db().query(
      'SELECT title, message FROM notification_email_digest WHERE notification_id = $1',
      [notificationId],
    );
    expect(held).toEqual([{ title: 'Task assigned', message: '[erased]' }]);
  });
});
