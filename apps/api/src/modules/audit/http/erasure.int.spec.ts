import type {
  Comment,
  Email,
  EmailAction,
  EmailAsOf,
  EmailDetail,
  EmailHistoryEntry,
  Notification,
  Page,
  Reply,
  TeamActivityEntry,
  TeamAuditEntry,
  NotificationsCreatedByRecipient,
  NotificationsCreatedPerRecipient,
} from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port';
import { teamWith } from '../../../../test/app/identity-fixtures';
import { erasureKit } from '../../../../test/app/erasure-kit';
import { suiteWithApp } from '../../../../test/app/suite';
import { until } from '../../../../test/support/until';

const SENDER = 'martina.novakova@example.com';
const SENDER_NAME = 'Martina Novakova';
const SUBJECT = 'Order #48213 arrived damaged';
const BODY_WORDS = 'the glass carafe is cracked';
const COMMENT_WORDS = 'Martina sent photos of the carafe';
const DRAFT_WORDS = 'Dear Martina, a first draft';
const REPLY_WORDS = 'Dear Martina, a new carafe is on its way';
const COLLEAGUE = 'warehouse.colleague@example.com';
const LOGGED_WORDS = 'Martina asked on the phone for a refund';

describe('erasure of a person (POST /team/audit/erasures): crypto-shredding that keeps the history', () => {
  const { t, sink } = suiteWithApp();
  const { db, call, erase, exported, verifyEqual, configureSmtp } = erasureKit(t, sink);
  const martinasEmail = async (token: string) =>
    (await call<Page<Email>>(token, 'GET', '/api/emails?size=50')).content.find(
      (email) => email.subject === SUBJECT || email.fromEmail === SENDER || email.fromEmail === '[erased]',
    ) as Email;

  it("erases a sender's address, name, subject and body everywhere but keeps every event of the history", async () => {
    const team = await teamWith(t, sink, ['MEMBER', 'AUDITOR']);
    const [member, auditor] = team.members;
    await call(team.admin.token, 'POST', '/api/emails/sample');
    const other = await teamWith(t, sink, []);
    await call(other.admin.token, 'POST', '/api/emails/sample');
    const email = await martinasEmail(team.admin.token);
    expect(email.fromEmail).toBe(SENDER);
    await call(member.token, 'PUT', `/api/emails/${email.id}/status`, { status: 'IN_PROGRESS' });
    await call(member.token, 'POST', `/api/emails/${email.id}/comments`, { message: 'Replacement on its way.' });
    // The raw source ingestion keeps beside the events of a fetched message (sample emails have none).
    await db().query(`INSERT INTO raw_message (email_id, team_id, source) VALUES ($1, $2, $3)`, [
      email.id,
      team.teamId,
      Buffer.from(`From: ${SENDER_NAME} <${SENDER}>\r\nSubject: ${SUBJECT}\r\n\r\n${BODY_WORDS}\r\n`),
    ]);
    expect((await t.request(`/api/emails/${email.id}/raw`, { token: team.admin.token })).status).toBe(200);
    const historyBefore = await call<EmailHistoryEntry[]>(team.admin.token, 'GET', `/api/emails/${email.id}/history`);

    // The event log never held the message in plain text.
    const stored = async () =>
      (
        (await db().query(`SELECT data::text AS data FROM events WHERE stream_id = $1`, [`email-${email.id}`])) as {
          data: string;
        }[]
      )
        .map((row) => row.data)
        .join('\n');
    for (const text of [SENDER, SENDER_NAME, SUBJECT, BODY_WORDS]) expect(await stored()).not.toContain(text);

    // Who may erase: a member and an auditor are refused, an address the team does not know is 404.
    expect((await erase(member.token, SENDER)).status).toBe(403);
    expect((await erase(auditor.token, SENDER)).status).toBe(403);
    expect((await erase(team.admin.token, 'not-an-address')).status).toBe(400);
    const unknown = await erase(team.admin.token, 'nobody-ever-wrote@example.com');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No personal data of this address is kept in your team.');

    const erased = await erase(team.admin.token, `  ${SENDER.toUpperCase()} `);
    expect(erased.status).toBe(201);
    // A second erasure finds nothing left.
    expect((await erase(team.admin.token, SENDER)).status).toBe(404);

    // Read models: the list, the detail, the search.
    const detail = await call<EmailDetail>(team.admin.token, 'GET', `/api/emails/${email.id}`);
    expect(detail).toMatchObject({
      fromEmail: '[erased]',
      fromName: '[erased]',
      subject: '[erased]',
      body: '[erased]',
      status: 'IN_PROGRESS',
    });
    const listed = (await call<Page<Email>>(team.admin.token, 'GET', '/api/emails?size=50')).content;
    expect(listed.find((row) => row.id === email.id)).toMatchObject({ fromEmail: '[erased]', subject: '[erased]' });
    expect(JSON.stringify(listed)).not.toContain(SENDER);
    const found = await call<Page<Email>>(team.admin.token, 'GET', `/api/emails/search?search=carafe`);
    expect(found.totalElements).toBe(0);
    const rows = (await db().query(`SELECT row_to_json(e)::text AS row FROM inbox_email e WHERE id = $1`, [
      email.id,
    ])) as { row: string }[];
    for (const text of [SENDER, SENDER_NAME, SUBJECT, BODY_WORDS]) expect(rows[0].row).not.toContain(text);

    expect((await t.request(`/api/emails/${email.id}/raw`, { token: team.admin.token })).status).toBe(404);
    expect(await db().query('SELECT 1 FROM raw_message WHERE email_id = $1', [email.id])).toEqual([]);

    // The history lists the same events, the received one with "[erased]"; the as-of view too.
    const history = await call<EmailHistoryEntry[]>(team.admin.token, 'GET', `/api/emails/${email.id}/history`);
    expect(history.map((entry) => [entry.id, entry.type, entry.actor.kind])).toEqual(
      historyBefore.map((entry) => [entry.id, entry.type, entry.actor.kind]),
    );
    expect(history[0].change).toMatchObject({ sender: '[erased]', subject: '[erased]' });
    expect(history.map((entry) => entry.type)).toEqual(
      expect.arrayContaining(['EmailReceived', 'EmailStatusChanged', 'CommentAdded']),
    );
    const asOf = await call<EmailDetail>(
      team.admin.token,
      'GET',
      `/api/emails/${email.id}?asOf=${encodeURIComponent(new Date().toISOString())}`,
    );
    expect(asOf).toMatchObject({ fromEmail: '[erased]', subject: '[erased]' });

    // The audit trail and both exports: the erasure is listed with its actor, the received email reads "[erased]".
    const trail = (await call<Page<TeamAuditEntry>>(team.admin.token, 'GET', '/api/team/audit?size=200')).content;
    const erasure = trail.find((entry) => entry.type === 'DataSubjectErased');
    expect(erasure).toMatchObject({ actorKind: 'user', actorUserId: team.admin.id, eventId: erased.body.eventId });
    expect(JSON.stringify(erasure?.payload)).not.toContain('martina');
    const received = trail.find((entry) => entry.type === 'EmailReceived' && entry.emailId === email.id);
    expect(received?.payload).toMatchObject({ fromEmail: '[erased]', fromName: '[erased]', subject: '[erased]' });
    for (const format of ['csv', 'jsonl'] as const) {
      const text = await exported(team.admin.token, format);
      expect(text).toContain('DataSubjectErased');
      expect(text).toContain('[erased]');
      for (const secret of [SENDER, SENDER_NAME, SUBJECT]) expect(text).not.toContain(secret);
    }

    // Another team's copy of the same address is untouched, and its admin cannot erase this team's subject.
    const othersEmail = await martinasEmail(other.admin.token);
    expect(othersEmail).toMatchObject({ fromEmail: SENDER, subject: SUBJECT });
    const otherTrail = (await call<Page<TeamAuditEntry>>(other.admin.token, 'GET', '/api/team/audit?size=200')).content;
    expect(otherTrail.some((entry) => entry.type === 'DataSubjectErased')).toBe(false);

    // Rebuilt from zero without the key, every read model equals the live one.
    await verifyEqual();

    // New mail from the same person after the erasure is readable again (a new key).
    expect((await erase(other.admin.token, SENDER)).status).toBe(201);
    expect((await erase(other.admin.token, SENDER)).status).toBe(404);
  });
  it('erases what the team wrote about and to the sender: comments, drafts, replies, notifications', async () => {
    const team = await teamWith(t, sink, ['MEMBER']);
    const [member] = team.members;
    await configureSmtp(team.admin.token);
    await call(team.admin.token, 'POST', '/api/emails/sample');
    const email = await martinasEmail(team.admin.token);
    const base = `/api/emails/${email.id}`;

    // A comment on her case mentioning a member, a draft and a reply to her (with a colleague in copy).
    await call(team.admin.token, 'POST', `${base}/comments`, { message: `${COMMENT_WORDS} @${member.email}` });
    // An entry a client posts to the email's action log, about her case.
    const logged = { note: LOGGED_WORDS, forwarded: { to: [SENDER], times: 2 }, urgent: true };
    await call(member.token, 'POST', `${base}/actions`, { type: 'ARCHIVED', details: logged });
    const loggedEntry = async () =>
      (await call<EmailAction[]>(team.admin.token, 'GET', `${base}/actions`)).find(
        (action) => action.type === 'ARCHIVED' && action.actorUserId === member.id,
      );
    expect((await loggedEntry())?.details).toEqual(logged);
    await call<Reply>(team.admin.token, 'POST', `${base}/replies`, {
      to: [`${SENDER_NAME} <${SENDER}>`],
      subject: `Re: ${SUBJECT}`,
      body: DRAFT_WORDS,
    });
    const sent = await call<{ replyId: string }>(team.admin.token, 'POST', '/api/emails/send-reply', {
      emailId: email.id,
      teamId: team.teamId,
      to: [SENDER],
      cc: [COLLEAGUE],
      subject: `Re: ${SUBJECT}`,
      body: REPLY_WORDS,
    });
    await sink.waitFor(SENDER, (mail) => mail.text.includes(REPLY_WORDS));
    await until(
      () => call<Reply[]>(team.admin.token, 'GET', `${base}/replies`),
      (replies) => replies.some((reply) => reply.id === sent.replyId && reply.status === 'SENT'),
    );
    // The member was told of the new email and of the mention: both messages quote the email's subject.
    const notifications = () =>
      call<Page<Notification>>(member.token, 'GET', '/api/notifications?size=50').then((page) =>
        page.content.filter((n) => n.emailId === email.id),
      );
    const told = await until(notifications, (list) => list.length === 2);
    expect(told.map((n) => n.type).sort()).toEqual(['COMMENT_ADDED', 'EMAIL_RECEIVED']);
    expect(told.every((n) => n.message.includes(SUBJECT))).toBe(true);
    const historyBefore = await call<EmailHistoryEntry[]>(team.admin.token, 'GET', `${base}/history`);

    // Nothing of it is stored in plain text: the email's stream, the notifications' streams.
    const texts = [SENDER, SENDER_NAME, SUBJECT, COMMENT_WORDS, DRAFT_WORDS, REPLY_WORDS, LOGGED_WORDS, COLLEAGUE];
    const storedEvents = async () =>
      (await db().query(
        `SELECT type, data::text AS data FROM events
            WHERE stream_id = $1 OR (type = 'NotificationsCreated' AND data->>'teamId' = $2)`,
        [`email-${email.id}`, team.teamId],
      )) as { type: string; data: string }[];
    const stored = await storedEvents();
    expect(stored.map((row) => row.type)).toEqual(
      expect.arrayContaining([
        'CommentAdded',
        'EmailActionLogged',
        'ReplyDraftSaved',
        'ReplyQueued',
        'ReplySent',
        'NotificationsCreated',
      ]),
    );
    for (const text of texts) expect(stored.map((row) => row.data).join('\n')).not.toContain(text);

    expect((await erase(team.admin.token, SENDER)).status).toBe(201);

    // The read models: comments, the draft (written to her), the sent reply (her address, the texts; the colleague
    // in copy is another person and stays), the notifications' messages.
    const comments = await call<Comment[]>(team.admin.token, 'GET', `${base}/comments`);
    expect(comments).toEqual([expect.objectContaining({ message: '[erased]', userId: team.admin.id })]);
    expect(comments[0].mentions).toEqual([member.id]);
    const replies = await call<Reply[]>(team.admin.token, 'GET', `${base}/replies`);
    expect(replies.find((reply) => reply.status === 'DRAFT')).toMatchObject({
      to: ['[erased]'],
      subject: '[erased]',
      body: '[erased]',
    });
    expect(replies.find((reply) => reply.id === sent.replyId)).toMatchObject({
      status: 'SENT',
      to: ['[erased]'],
      cc: [COLLEAGUE],
      subject: '[erased]',
      body: '[erased]',
    });
    const notified = await notifications();
    expect(notified.map((n) => n.message)).toEqual(['[erased]', '[erased]']);
    expect(notified.map((n) => n.title).sort()).toEqual(told.map((n) => n.title).sort());
    const activity = await call<Page<TeamActivityEntry>>(team.admin.token, 'GET', '/api/team/actions?size=100');
    const replyEntry = activity.content.find((entry) => entry.type === 'REPLY_SENT' && entry.emailId === email.id);
    expect(replyEntry?.details).toMatchObject({ subject: '[erased]', to: ['[erased]'], status: 'SENT' });
    for (const text of [SENDER, SUBJECT, REPLY_WORDS, LOGGED_WORDS])
      expect(JSON.stringify(activity)).not.toContain(text);
    // The logged entry: its texts read "[erased]" in the action log and Team Activity; numbers and flags stay.
    const erasedDetails = { note: '[erased]', forwarded: { to: ['[erased]'], times: 2 }, urgent: true };
    expect((await loggedEntry())?.details).toEqual(erasedDetails);
    const loggedActivity = activity.content.find(
      (entry) => entry.type === 'ARCHIVED' && entry.emailId === email.id && entry.actorUserId === member.id,
    );
    expect(loggedActivity?.details).toEqual(erasedDetails);

    // The history lists every event as before, with the texts erased; the as-of view too.
    const history = await call<EmailHistoryEntry[]>(team.admin.token, 'GET', `${base}/history`);
    expect(history.map((entry) => [entry.id, entry.type, entry.actor])).toEqual(
      historyBefore.map((entry) => [entry.id, entry.type, entry.actor]),
    );
    const change = (type: string) => history.find((entry) => entry.type === type)?.change;
    expect(change('CommentAdded')).toMatchObject({ message: '[erased]' });
    expect(history.find((entry) => entry.type === 'EmailActionLogged')?.actor).toMatchObject({ kind: 'user' });
    expect(change('ReplyDraftSaved')).toMatchObject({ subject: '[erased]' });
    expect(change('ReplyQueued')).toMatchObject({ subject: '[erased]', recipients: ['[erased]', COLLEAGUE] });
    for (const text of texts.filter((text) => text !== COLLEAGUE)) expect(JSON.stringify(history)).not.toContain(text);
    const asOf = await call<EmailAsOf>(
      team.admin.token,
      'GET',
      `${base}?asOf=${encodeURIComponent(new Date().toISOString())}`,
    );
    expect(asOf.comments.map((comment) => comment.message)).toEqual(['[erased]']);
    expect(asOf.replies.map((reply) => [reply.status, reply.subject, reply.body, reply.to])).toEqual(
      expect.arrayContaining([
        ['DRAFT', '[erased]', '[erased]', ['[erased]']],
        ['SENT', '[erased]', '[erased]', ['[erased]']],
      ]),
    );

    // The audit trail and its exports keep every event, the texts erased.
    const trail = (
      await call<Page<TeamAuditEntry>>(team.admin.token, 'GET', `/api/team/audit?emailId=${email.id}&size=200`)
    ).content;
    expect(trail.map((entry) => entry.type)).toEqual(
      expect.arrayContaining(['CommentAdded', 'EmailActionLogged', 'ReplyDraftSaved', 'ReplyQueued', 'ReplySent']),
    );
    expect(trail.find((entry) => entry.type === 'EmailActionLogged')?.payload).toMatchObject({
      type: 'ARCHIVED',
      details: erasedDetails,
      correspondent: '[erased]',
    });
    expect(trail.find((entry) => entry.type === 'ReplyQueued')?.payload).toMatchObject({
      to: ['[erased]'],
      cc: [COLLEAGUE],
      subject: '[erased]',
      text: '[erased]',
    });
    for (const format of ['csv', 'jsonl'] as const) {
      const text = await exported(team.admin.token, format);
      for (const secret of texts.filter((secret) => secret !== COLLEAGUE)) expect(text).not.toContain(secret);
    }

    // The stored events still hold no plain text, and are all still there.
    const after = await storedEvents();
    expect(after.map((row) => row.type).sort()).toEqual(stored.map((row) => row.type).sort());
    for (const text of texts) expect(after.map((row) => row.data).join('\n')).not.toContain(text);

    // Rebuilt from zero without the key, every read model equals the live one.
    await verifyEqual();
  });

  it('erases the messages of notifications recorded in the forms before (a full notification, or the texts once and each recipient apart)', async () => {
    const team = await teamWith(t, sink, ['MEMBER']);
    const [member] = team.members;
    await call(team.admin.token, 'POST', '/api/emails/sample');
    const email = await martinasEmail(team.admin.token);
    // A notification recorded in the form before its texts were kept once per event.
    const causeEventId = uuidv7();
    const before: NotificationsCreatedPerRecipient = {
      teamId: team.teamId,
      causeEventId,
      causeType: 'EmailAssigned',
      notifications: [
        {
          notificationId: uuidv7(),
          userId: member.id,
          type: 'TASK_ASSIGNED',
          title: 'Task assigned',
          message: `You were assigned: ${SUBJECT}`,
          actionUrl: `/admin/email-detail/${email.id}`,
          emailId: email.id,
          language: 'en',
          silent: false,
          channels: { email: false, slack: false, push: false },
        },
      ],
      correspondent: SENDER,
    };
    const metadata = {
      actorUserId: null,
      teamId: team.teamId,
      correlationId: uuidv7(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    };
    // And one recorded with its texts once and each recipient apart (the form before the recipients were grouped).
    const commentEventId = uuidv7();
    const byRecipient: NotificationsCreatedByRecipient = {
      teamId: team.teamId,
      causeEventId: commentEventId,
      causeType: 'CommentAdded',
      type: 'COMMENT_ADDED',
      emailId: email.id,
      actionUrl: `/admin/email-detail/${email.id}`,
      texts: [{ title: 'New comment', message: `A comment on: ${SUBJECT}` }],
      recipients: [
        {
          userId: member.id,
          language: 'en',
          text: 0,
          silent: false,
          channels: { email: false, slack: false, push: false },
        },
      ],
      correspondent: SENDER,
    };
    for (const [causeId, data] of [
      [causeEventId, before],
      [commentEventId, byRecipient],
    ] as const) {
      await t.app
        .get<EventStore>(EVENT_STORE)
        .appendToStream(
          `notifications-${causeId}`,
          [{ eventId: uuidv7(), type: 'NotificationsCreated', data, metadata }],
          'no_stream',
        );
    }
    const notifications = () =>
      call<Page<Notification>>(member.token, 'GET', '/api/notifications?size=50').then((page) =>
        page.content.filter((n) => n.emailId === email.id),
      );
    // Read as they are stored, beside the new email's notification (recorded in the current form).
    const told = await until(notifications, (list) => list.length === 3);
    expect(told.find((n) => n.id === before.notifications[0].notificationId)).toMatchObject({
      type: 'TASK_ASSIGNED',
      title: 'Task assigned',
      message: `You were assigned: ${SUBJECT}`,
    });
    expect(told.find((n) => n.type === 'COMMENT_ADDED')).toMatchObject({
      title: 'New comment',
      message: `A comment on: ${SUBJECT}`,
    });
    expect(told.find((n) => n.type === 'EMAIL_RECEIVED')?.message).toContain(SUBJECT);
    // Both events about her email, as stored: nothing of her in plain text.
    const stored = (await db().query(
      `SELECT data::text AS data FROM events
        WHERE type = 'NotificationsCreated' AND data->>'teamId' = $1 AND strpos(data::text, $2) > 0`,
      [team.teamId, email.id],
    )) as { data: string }[];
    expect(stored).toHaveLength(3);
    for (const text of [SENDER, SUBJECT]) expect(stored.map((row) => row.data).join('\n')).not.toContain(text);

    expect((await erase(team.admin.token, SENDER)).status).toBe(201);

    const notified = await notifications();
    expect(notified.map((n) => [n.type, n.title, n.message]).sort()).toEqual(
      told.map((n) => [n.type, n.title, '[erased]']).sort(),
    );
    // Rebuilt from zero without the key, every read model equals the live one.
    await verifyEqual();
  });
});
