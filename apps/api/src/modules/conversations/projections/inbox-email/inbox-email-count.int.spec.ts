import { randomUUID } from 'node:crypto';
import type { TListEmailsQuery } from '@teaminbox/contracts';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import { createMigratedTestDataSource, type MigratedTestDataSource } from '../../../../../test/support/test-database';
import { InboxEmailQueries } from '../../queries/inbox-email.queries';
import { InboxEmailProjection } from './inbox-email.projection';
import { InboxEmailReadModel } from './inbox-email.read-model';

/** A small deterministic generator (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { int, pick: <T>(list: readonly T[]): T => list[int(list.length)] };
}

/** What each email should look like, by the plain meaning of the events (independent of the projection's code). */
interface ModelEmail {
  teamId: string;
  receivedAt: string;
  read: boolean;
  archived: boolean;
  spam: boolean;
  assignedTo: string | null;
  labels: Set<string>;
  snoozed: boolean;
}

interface Team {
  id: string;
  users: string[];
  labels: string[];
}

function scenario(seed: number, count: number) {
  const rnd = random(seed);
  const teams: Team[] = [0, 1].map(() => ({
    id: randomUUID(),
    users: [randomUUID(), randomUUID(), randomUUID()],
    labels: [randomUUID(), randomUUID(), randomUUID(), randomUUID()],
  }));
  const model = new Map<string, ModelEmail>();
  const emailIds: { id: string; team: Team }[] = [];
  const events: StoredEvent[] = [];
  const push = (type: string, data: Record<string, unknown>) =>
    events.push({
      eventId: randomUUID(),
      type,
      data,
      metadata: { actorUserId: null, teamId: null, correlationId: randomUUID(), causationId: null, occurredAt: '' },
      streamId: `s-${events.length}`,
      streamVersion: 1,
      position: { commit: BigInt(events.length + 1), prepare: BigInt(events.length + 1) },
      recordedAt: new Date(),
    });

  for (let i = 0; i < count; i++) {
    const roll = rnd.int(100);
    if (emailIds.length === 0 || roll < 15) {
      const team = rnd.pick(teams);
      const id = randomUUID();
      const receivedAt = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
      emailIds.push({ id, team });
      model.set(id, {
        teamId: team.id,
        receivedAt,
        read: false,
        archived: false,
        spam: false,
        assignedTo: null,
        labels: new Set(),
        snoozed: false,
      });
      push('EmailReceived', {
        emailId: id,
        teamId: team.id,
        messageId: `<${id}@test>`,
        subject: `Subject ${i}`,
        fromName: null,
        fromEmail: 'someone@example.com',
        to: ['support@example.com'],
        cc: [],
        text: 'body',
        html: null,
        receivedAt,
        priority: 'MEDIUM',
        status: 'NEW',
      });
      continue;
    }
    if (roll < 17) {
      // A duplicate EmailReceived changes nothing.
      const { id, team } = rnd.pick(emailIds);
      push('EmailReceived', {
        emailId: id,
        teamId: team.id,
        messageId: null,
        subject: 'again',
        fromName: null,
        fromEmail: 'x@example.com',
        to: [],
        cc: [],
        text: '',
        html: null,
        receivedAt: new Date().toISOString(),
        priority: 'LOW',
        status: 'NEW',
      });
      continue;
    }
    if (roll < 19) {
      const team = rnd.pick(teams);
      const labelId = rnd.pick(team.labels);
      for (const email of model.values()) if (email.teamId === team.id) email.labels.delete(labelId);
      push('LabelDeleted', { teamId: team.id, labelId });
      continue;
    }
    const { id, team } = rnd.pick(emailIds);
    // Now and then an event names the wrong team or an email never received: it changes nothing.
    const wrongTeam = rnd.int(40) === 0;
    const teamId = wrongTeam ? teams.find((t) => t !== team)?.id : team.id;
    const emailId = rnd.int(60) === 0 ? randomUUID() : id;
    const email = emailId === id && !wrongTeam ? model.get(id) : undefined;
    const ids = { emailId, teamId };
    const user = rnd.pick(team.users);
    const label = rnd.pick(team.labels);
    switch (rnd.int(15)) {
      case 0:
        push('EmailMarkedRead', { ...ids, userId: user, readAt: new Date().toISOString() });
        if (email) email.read = true;
        break;
      case 1:
        push('EmailMarkedUnread', { ...ids, userId: user });
        if (email) email.read = false;
        break;
      case 2:
        push('EmailArchived', ids);
        if (email) email.archived = true;
        break;
      case 3:
        push('EmailUnarchived', ids);
        if (email) email.archived = false;
        break;
      case 4:
        push('EmailMarkedSpam', ids);
        if (email) email.spam = true;
        break;
      case 5:
        push('EmailMarkedNotSpam', ids);
        if (email) email.spam = false;
        break;
      case 6:
      case 7:
        push('EmailAssigned', { ...ids, assignedTo: user, assignedToName: null, previousAssignee: null });
        if (email) email.assignedTo = user;
        break;
      case 8:
        push('EmailUnassigned', { ...ids, previousAssignee: null });
        if (email) email.assignedTo = null;
        break;
      case 9:
      case 10:
        push('EmailLabelAdded', { ...ids, labelId: label, labelName: 'x' });
        email?.labels.add(label);
        break;
      case 11: {
        const until = new Date(Date.UTC(2030, 0, 1) + i * 60_000).toISOString();
        push('EmailSnoozed', { ...ids, snoozeId: randomUUID(), until, by: user });
        if (email) email.snoozed = true;
        break;
      }
      case 12: {
        // Woken at its time, by an answer or a reminder: back in the inbox, unread; by hand: read as it was.
        const reason = rnd.pick(['time', 'answer', 'manual', 'reminder'] as const);
        push('EmailWoken', { ...ids, reason, wokenAt: new Date().toISOString() });
        if (email)
          Object.assign(email, { snoozed: false, archived: false }, reason === 'manual' ? {} : { read: false });
        break;
      }
      default:
        push('EmailLabelRemoved', { ...ids, labelId: label, labelName: 'x' });
        email?.labels.delete(label);
    }
  }
  return { teams, model, events, rnd };
}

describe('inbox projection: batched writes and counters', () => {
  let db: MigratedTestDataSource;
  const projection = new InboxEmailProjection();

  beforeAll(async () => {
    db = await createMigratedTestDataSource([InboxEmailReadModel]);
  });
  afterAll(async () => {
    await db?.drop();
  });

  async function project(events: StoredEvent[], nextSize: () => number) {
    for (let at = 0; at < events.length;) {
      const batch = events.slice(at, at + nextSize());
      await db.dataSource.transaction((tx) => projection.handle(batch, tx));
      at += batch.length;
    }
  }

  /** The counters, compared row by row with COUNT(*) over inbox_email for the same keys. */
  async function expectCountersToMatchRows() {
    const counted: { key: string; n: number }[] = await db.dataSource.query(`
      SELECT concat_ws('|', team_id, box, label_id, assigned_to, unread) AS key, count(*)::int AS n
        FROM (SELECT team_id, labels,
                     CASE WHEN is_spam THEN 'spam' WHEN snoozed_until IS NOT NULL THEN 'snoozed'
                          WHEN is_archived THEN 'archived' ELSE 'inbox' END AS box,
                     COALESCE(assigned_to, '00000000-0000-0000-0000-000000000000') AS assigned_to,
                     read_at IS NULL AND read_by IS NULL AS unread
                FROM inbox_email) e,
             LATERAL (SELECT DISTINCT l FROM unnest(array_prepend('00000000-0000-0000-0000-000000000000'::uuid, labels)) l) AS u(label_id)
       GROUP BY 1 ORDER BY 1`);
    const kept: { key: string; n: number }[] = await db.dataSource.query(`
      SELECT concat_ws('|', team_id, box, label_id, assigned_to, unread) AS key, n::int AS n
        FROM inbox_email_count WHERE n <> 0 ORDER BY 1`);
    expect(kept).toEqual(counted);
    expect(counted.length).toBeGreaterThan(10);
  }

  async function expectRowsToMatchModel(model: Map<string, ModelEmail>) {
    const rows: {
      id: string;
      team_id: string;
      read: boolean;
      is_archived: boolean;
      is_spam: boolean;
      assigned_to: string | null;
      labels: string[];
      snoozed: boolean;
    }[] = await db.dataSource.query(
      `SELECT id, team_id, read_at IS NOT NULL OR read_by IS NOT NULL AS read, is_archived, is_spam, assigned_to, labels,
              snoozed_until IS NOT NULL AS snoozed
         FROM inbox_email`,
    );
    expect(rows).toHaveLength(model.size);
    for (const row of rows) {
      const email = model.get(row.id);
      expect({ ...row, labels: [...row.labels].sort() }).toEqual({
        id: row.id,
        team_id: email?.teamId,
        read: email?.read,
        is_archived: email?.archived,
        is_spam: email?.spam,
        assigned_to: email?.assignedTo,
        labels: [...(email?.labels ?? [])].sort(),
        snoozed: email?.snoozed,
      });
    }
  }

  it('keeps every counter equal to COUNT(*) and every row equal to the events, whatever the batch sizes', async () => {
    const { teams, model, events, rnd } = scenario(20261123, 3000);
    await project(events, () => 1 + rnd.int(rnd.int(4) === 0 ? 400 : 25));
    await expectRowsToMatchModel(model);
    await expectCountersToMatchRows();

    // Each folder x assignee x label x unread total of the list equals the number of matching emails.
    const queries = new InboxEmailQueries(db.dataSource.getRepository(InboxEmailReadModel));
    const team = teams[0];
    const me = team.users[0];
    const emails = [...model.values()].filter((email) => email.teamId === team.id);
    const inFolder: Record<TListEmailsQuery['folder'], (e: ModelEmail) => boolean> = {
      inbox: (e) => !e.archived && !e.spam && !e.snoozed,
      unread: (e) => !e.archived && !e.spam && !e.snoozed && !e.read,
      'my-tasks': (e) => !e.spam && !e.snoozed && e.assignedTo === me,
      archived: (e) => e.archived && !e.spam && !e.snoozed,
      spam: (e) => e.spam,
      snoozed: (e) => e.snoozed && !e.spam,
    };
    for (const folder of Object.keys(inFolder) as TListEmailsQuery['folder'][]) {
      for (const assignee of [undefined, 'all', 'unassigned', 'me', team.users[1]]) {
        for (const label of [undefined, team.labels[0], team.labels[3]]) {
          for (const unread of [false, true]) {
            const expected = emails.filter(
              (e) =>
                inFolder[folder](e) &&
                (assignee === 'unassigned'
                  ? e.assignedTo === null
                  : assignee === 'me'
                    ? e.assignedTo === me
                    : assignee && assignee !== 'all'
                      ? e.assignedTo === assignee
                      : true) &&
                (!label || e.labels.has(label)) &&
                (!unread || !e.read),
            );
            const page = await queries.list(team.id, me, { page: 0, size: 20, folder, assignee, label, unread });
            expect({ folder, assignee, label, unread, total: page.totalElements }).toEqual({
              folder,
              assignee,
              label,
              unread,
              total: expected.length,
            });
            expect(page.content.map((e) => e.id)).toHaveLength(Math.min(20, expected.length));
          }
        }
      }
    }
    expect(await queries.countUnread(team.id)).toBe(emails.filter(inFolder.unread).length);

    // A rebuild (reset, then the whole log in large batches) gives the same rows and counters.
    await db.dataSource.transaction((tx) => projection.reset(tx));
    expect(await db.dataSource.query('SELECT count(*)::int AS n FROM inbox_email_count')).toEqual([{ n: 0 }]);
    await project(events, () => 2000);
    await expectRowsToMatchModel(model);
    await expectCountersToMatchRows();
  });

  it('applies a mute and an unmute of the same email in one batch in order', async () => {
    const teamId = randomUUID();
    const userId = randomUUID();
    const emailIds = [randomUUID(), randomUUID()];
    const event = (type: string, emailId: string): StoredEvent => ({
      eventId: randomUUID(),
      type,
      data: { emailId, teamId, userId },
      metadata: { actorUserId: null, teamId, correlationId: randomUUID(), causationId: null, occurredAt: '' },
      streamId: `email-${emailId}`,
      streamVersion: 1,
      position: { commit: 1n, prepare: 1n },
      recordedAt: new Date(),
    });
    await db.dataSource.transaction((tx) =>
      projection.handle(
        [
          event('EmailNotificationsMuted', emailIds[0]),
          event('EmailNotificationsUnmuted', emailIds[0]),
          event('EmailNotificationsUnmuted', emailIds[1]),
          event('EmailNotificationsMuted', emailIds[1]),
        ],
        tx,
      ),
    );
    const rows: { email_id: string }[] = await db.dataSource.query(
      'SELECT email_id FROM email_mute WHERE user_id = $1',
      [userId],
    );
    expect(rows).toEqual([{ email_id: emailIds[1] }]);
  });
});
