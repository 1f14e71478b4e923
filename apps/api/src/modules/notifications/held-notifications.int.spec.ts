import { rmSync } from 'node:fs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { EmailRulesEvaluated } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { type Person, teamWith } from '../../../test/app/identity-fixtures';
import { emailReceived } from '../../../test/notifications/receive-email';
import { startTestApp, type TestApp } from '../../../test/app/test-app';
import { QUIET_MAIL_RULE } from '../../../test/rules/rule';
import { type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink';
import { createApp } from '../../create-app';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store.port';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { notificationsStreamId } from './domain/notifications-created.decider';
import { NotifyRecipientsProcessManager } from './reactions/notify-recipients.process-manager';
import { readUntil } from '../../../test/support/until';

/**
 * A new email of a team with an enabled rule that suppresses notifications waits for the rules engine's
 * EmailRulesEvaluated: held durably (across a restart), notified when the engine says it is not suppressed, never
 * when it is, and notified after the bounded hold when no evaluation comes.
 */
describe('notifications held for the rules engine (real PostgreSQL)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let app: NestExpressApplication;
  let admin: Person;
  let teamId: string;

  const db = () => app.get(DataSource);
  const store = () => app.get<EventStore>(EVENT_STORE);

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ smtpUrl: sink.url, publicUrl: 'https://inbox.example.com' });
    app = t.app;
    ({ admin, teamId } = await teamWith(t, sink, ['MEMBER']));
  }, 60_000);

  afterAll(async () => {
    if (app && app !== t?.app) {
      // Restarted: the first application is closed already; the second one goes, then the database.
      await app.close();
      await t.database.drop();
      rmSync(t.config.dataDir, { recursive: true, force: true });
    } else await t?.close();
    await sink?.close();
  });

  /** A new email of the team, as mail ingestion records it: its id and its EmailReceived's id. */
  async function receive(subject: string): Promise<{ emailId: string; eventId: string }> {
    const { streamId, emailId, event } = emailReceived(teamId, { subject });
    await store().appendToStream(streamId, [event], 'no_stream');
    return { emailId, eventId: event.eventId };
  }

  /** What the rules engine appends once it has evaluated an email (here on its behalf). */
  async function evaluated(emailId: string, suppressNotifications: boolean): Promise<void> {
    const data: EmailRulesEvaluated = { teamId, emailId, matchedRuleIds: [], suppressNotifications };
    await store().appendToStream(
      `rules-evaluation-${emailId}`,
      [
        {
          eventId: uuidv7(),
          type: 'EmailRulesEvaluated',
          data,
          metadata: {
            actorUserId: null,
            actorKind: 'system',
            teamId,
            correlationId: uuidv7(),
            causationId: null,
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      'no_stream',
    );
  }

  /** Waits until the process manager has handled everything appended so far. */
  const handled = async () => {
    const head = await store().headPosition();
    expect(await app.get(ProjectionRunner).waitFor(head, ['notify-recipients'], 20_000, { afterCommit: true })).toBe(
      true,
    );
  };
  /** The new-mail notifications decided for this EmailReceived (its NotificationsCreated), as stored. */
  const notified = async (causeEventId: string) => store().readStream(notificationsStreamId(causeEventId));
  const holdOf = async (causeEventId: string) => {
    const [row]: { evaluated: boolean; suppressed: boolean; released: boolean }[] = await db().query(
      `SELECT evaluated, suppressed, released_at IS NOT NULL AS released FROM notification_held_email
        WHERE cause_event_id = $1`,
      [causeEventId],
    );
    return row;
  };
  /**
   * An enabled rule that suppresses notifications, as notifications' own view of the rules holds it, that the rules
   * engine does not know (it is in no rule stream): the engine never evaluates the team's mail for it.
   */
  async function suppressingRuleUnknownToTheEngine(): Promise<string> {
    const ruleId = uuidv7();
    await db().query(
      `INSERT INTO notification_rule (rule_id, team_id, enabled, suppressing) VALUES ($1, $2, true, true)`,
      [ruleId, teamId],
    );
    return ruleId;
  }

  it('notifies the mail a rule did not suppress once the engine says so, and nobody of the mail it suppressed', async () => {
    const rule = await t.request<{ id: string }>('/api/rules', {
      method: 'POST',
      token: admin.token,
      body: QUIET_MAIL_RULE,
    });
    expect(rule.status).toBe(200);
    const quiet = await receive('Weekly digest [quiet]');
    const loud = await receive('Weekly digest');

    const loudNotified = await readUntil(
      () => notified(loud.eventId),
      (events) => events.length > 0,
    );
    expect(loudNotified.map((event) => event.type)).toEqual(['NotificationsCreated']);
    const announced = await store().readStream(`rules-evaluation-${quiet.emailId}`);
    expect(announced.map((event) => [event.type, event.data])).toEqual([
      [
        'EmailRulesEvaluated',
        { teamId, emailId: quiet.emailId, matchedRuleIds: [rule.body.id], suppressNotifications: true },
      ],
    ]);
    expect((await store().readStream(`rules-evaluation-${loud.emailId}`)).map((event) => event.data)).toEqual([
      { teamId, emailId: loud.emailId, matchedRuleIds: [], suppressNotifications: false },
    ]);
    await readUntil(
      () => holdOf(quiet.eventId),
      (hold) => hold?.released === true,
    );
    await handled();
    expect(await holdOf(quiet.eventId)).toEqual({ evaluated: true, suppressed: true, released: true });
    expect(await notified(quiet.eventId)).toEqual([]);

    const deleted = await t.request(`/api/rules/${rule.body.id}`, { method: 'DELETE', token: admin.token });
    expect(deleted.status).toBe(200);
  });

  it('keeps a held notification across a restart and decides it on the evaluation that comes after', async () => {
    const ruleId = await suppressingRuleUnknownToTheEngine();
    const kept = await receive('Order 1');
    const quiet = await receive('Order 2');
    await handled();
    expect(await holdOf(kept.eventId)).toEqual({ evaluated: false, suppressed: false, released: false });
    expect(await holdOf(quiet.eventId)).toEqual({ evaluated: false, suppressed: false, released: false });
    expect(await notified(kept.eventId)).toEqual([]);

    await app.close();
    app = await createApp({ config: t.config, databaseUrl: t.database.url });
    await app.init();

    await evaluated(kept.emailId, false);
    await evaluated(quiet.emailId, true);
    const keptNotified = await readUntil(
      () => notified(kept.eventId),
      (events) => events.length > 0,
    );
    expect(keptNotified.map((event) => event.type)).toEqual(['NotificationsCreated']);
    await handled();
    expect(await holdOf(kept.eventId)).toEqual({ evaluated: true, suppressed: false, released: true });
    expect(await holdOf(quiet.eventId)).toEqual({ evaluated: true, suppressed: true, released: true });
    expect(await notified(quiet.eventId)).toEqual([]);
    await db().query(`DELETE FROM notification_rule WHERE rule_id = $1`, [ruleId]);
  }, 60_000);

  it('notifies a held email after the bounded hold when no evaluation comes', async () => {
    const ruleId = await suppressingRuleUnknownToTheEngine();
    const manager = app.get(NotifyRecipientsProcessManager);
    const before = manager.tuning.holdMs;
    manager.tuning.holdMs = 300;
    try {
      const email = await receive('Nobody evaluates me');
      const found = await readUntil(
        () => notified(email.eventId),
        (events) => events.length > 0,
      );
      expect(found.map((event) => event.type)).toEqual(['NotificationsCreated']);
      expect(await holdOf(email.eventId)).toEqual({ evaluated: false, suppressed: false, released: true });
    } finally {
      manager.tuning.holdMs = before;
      await db().query(`DELETE FROM notification_rule WHERE rule_id = $1`, [ruleId]);
    }
  });
});
