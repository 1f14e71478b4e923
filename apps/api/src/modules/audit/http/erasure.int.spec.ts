import type {
  DataSubjectErasure,
  Email,
  EmailDetail,
  EmailHistoryEntry,
  Page,
  TeamAuditEntry,
} from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { teamWith } from '../../../../test/app/identity-fixtures';
import { suiteWithApp } from '../../../../test/app/suite';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { verifyReadModels } from '../../../platform/projections/read-model-verifier';
import { COMPARED_ROWS, NOT_READ_MODELS, TIME_OF_PROJECTION_COLUMNS } from '../../../cli/verify-tables';

type ErrorBody = { success: false; message: string };

const SENDER = 'martina.novakova@example.com';
const SENDER_NAME = 'Martina Novakova';
const SUBJECT = 'Order #48213 arrived damaged';
const BODY_WORDS = 'the glass carafe is cracked';

describe('erasure of a person (POST /team/audit/erasures): crypto-shredding that keeps the history', () => {
  const { t, sink } = suiteWithApp();
  const db = () => t.app.get(DataSource);
  const call = async <T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<T> => {
    const res = await t.request<T>(path, { method, token, body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const erase = (token: string, email: string) =>
    t.request<DataSubjectErasure & ErrorBody>('/api/team/audit/erasures', { method: 'POST', token, body: { email } });
  const exported = async (token: string, format: 'csv' | 'jsonl') => {
    const res = await fetch(`${t.baseUrl}/api/team/audit/export?format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    return res.text();
  };
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
    const report = await verifyReadModels({
      dataSource: db(),
      eventStore: t.app.get<EventStore>(EVENT_STORE),
      projections: t.app.get(ProjectionRunner).registeredProjections(),
      excludedTables: NOT_READ_MODELS,
      ignoredColumns: TIME_OF_PROJECTION_COLUMNS,
      comparedRows: COMPARED_ROWS,
      waitMs: 30_000,
    });
    expect(report.tables.filter((table) => !table.equal).map((table) => table.table)).toEqual([]);
    expect(report.equal).toBe(true);

    // New mail from the same person after the erasure is readable again (a new key).
    expect((await erase(other.admin.token, SENDER)).status).toBe(201);
    expect((await erase(other.admin.token, SENDER)).status).toBe(404);
  });
});
