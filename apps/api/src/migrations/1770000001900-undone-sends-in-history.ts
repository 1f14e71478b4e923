import type { MigrationInterface, QueryRunner } from 'typeorm';

const UUID = `'^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`;
const uuidOrNull = (value: string) => `CASE WHEN ${value} ~* ${UUID} THEN (${value})::uuid END`;

/**
 * Undone and scheduled sends in the team's activity log and audit trail:
 * - the activity log records an undone send (SEND_UNDONE) and a scheduled send cancelled (SCHEDULED_SEND_CANCELLED),
 *   a message sent for later as SCHEDULED, and a Compose recorded before composes had a kind as a new conversation:
 *   the `team-activity` projection starts again from the first event (its tables emptied, its checkpoint and parked
 *   events removed), so the entries of the events logged so far are written as it writes them now;
 * - the audit trail takes in ReplySendingStarted and ReplySendCancelled: those already in the log are added as the
 *   `team-audit` projection writes them (their payloads are ids only: nothing to redact).
 */
export class UndoneSendsInHistory1770000001900 implements MigrationInterface {
  name = 'UndoneSendsInHistory1770000001900';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`TRUNCATE team_activity, team_activity_memo`);
    await queryRunner.query(`DELETE FROM projection_parked_event WHERE projection = 'team-activity'`);
    await queryRunner.query(`DELETE FROM projection_checkpoints WHERE name = 'team-activity'`);
    await queryRunner.query(
      `INSERT INTO team_audit (event_id, team_id, stream_id, stream_version, type, occurred_at, seq, actor_kind,
                               actor_user_id, actor_rule_id, actor_rule_name, email_id, correlation_id, causation_id,
                               payload)
       SELECT e.event_id, (e.data->>'teamId')::uuid, e.stream_id, e.stream_version, e.type,
              COALESCE((e.metadata->>'occurredAt')::timestamptz, e.recorded_at), e.global_position,
              COALESCE(e.metadata->>'actorKind',
                       CASE WHEN e.metadata->>'actorUserId' ~* ${UUID} THEN 'user' ELSE 'system' END),
              ${uuidOrNull(`e.metadata->>'actorUserId'`)}, ${uuidOrNull(`e.metadata->'actorRule'->>'id'`)},
              e.metadata->'actorRule'->>'name', ${uuidOrNull(`e.data->>'emailId'`)},
              e.metadata->>'correlationId', e.metadata->>'causationId', e.data
         FROM events e
        WHERE e.type IN ('ReplySendingStarted', 'ReplySendCancelled') AND e.data->>'teamId' ~* ${UUID}
       ON CONFLICT (event_id) DO NOTHING`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM team_audit WHERE type IN ('ReplySendingStarted', 'ReplySendCancelled')`);
  }
}
