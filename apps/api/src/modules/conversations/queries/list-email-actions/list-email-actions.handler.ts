import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { EmailAction, EmailActionActor, EmailActionType } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { displayNameSql } from '../../../identity';
import { InboxEmailQueries } from '../inbox-email.queries';
import { ListEmailActionsQuery } from './list-email-actions.query';

interface ActionRow {
  id: string;
  type: EmailActionType;
  created_at: Date;
  actor_user_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  actor_kind: 'user' | 'rule' | 'system' | null;
  actor_rule_id: string | null;
  actor_rule_name: string | null;
  details: EmailAction['details'];
}

function actorOf(row: ActionRow): EmailActionActor {
  if (row.actor_kind === 'rule' && row.actor_rule_id) {
    return { kind: 'rule', ruleId: row.actor_rule_id, ruleName: row.actor_rule_name ?? '' };
  }
  return row.actor_user_id ? { kind: 'user', userId: row.actor_user_id } : { kind: 'system' };
}

/** Each entry with its actor: a member's name and email, or a rule as "Rule '<name>'". */
@QueryHandler(ListEmailActionsQuery)
export class ListEmailActionsHandler implements IQueryHandler<ListEmailActionsQuery, EmailAction[]> {
  constructor(
    private readonly inbox: InboxEmailQueries,
    private readonly db: DataSource,
  ) {}

  async execute({ teamId, emailId }: ListEmailActionsQuery): Promise<EmailAction[]> {
    await this.inbox.requireEmail(teamId, emailId);
    const rows: ActionRow[] = await this.db.query(
      `SELECT a.id, a.type, a.created_at, a.actor_user_id, a.actor_kind, a.actor_rule_id, a.actor_rule_name, a.details,
              u.email AS actor_email,
              ${displayNameSql('u')} AS actor_name
         FROM email_action a LEFT JOIN users u ON u.id = a.actor_user_id
        WHERE a.team_id = $1 AND a.email_id = $2
        ORDER BY a.created_at, a.seq NULLS FIRST, a.id`,
      [teamId, emailId],
    );
    return rows.map((row) => {
      const actor = actorOf(row);
      return {
        id: row.id,
        type: row.type,
        createdAt: new Date(row.created_at).toISOString(),
        actorUserId: row.actor_user_id,
        actorName: actor.kind === 'rule' ? `Rule '${actor.ruleName}'` : (row.actor_name ?? row.actor_email),
        actorEmail: row.actor_email,
        actor,
        details: row.details,
      };
    });
  }
}
