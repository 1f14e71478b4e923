import { Injectable } from '@nestjs/common';
import type { UserRegistered } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { isEventOfType } from '../../../../platform/event-sourcing';

export const USERS_PROJECTION = 'users';

/**
 * Writes the `users` table: accounts, their team membership and role, their session version (raised by a password
 * change or a removal from the team, which ends older tokens) and when their address was proven.
 */
@Injectable()
export class UsersProjection implements Projection {
  readonly name = USERS_PROJECTION;
  readonly eventTypes = [
    'UserRegistered',
    'UserPasswordChanged',
    'UserEmailProven',
    'InvitationAccepted',
    'TeamMemberJoined',
    'MemberRoleChanged',
    'TeamMemberRemoved',
  ] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      if (isEventOfType(event, 'UserRegistered')) {
        await tx.query(
          `INSERT INTO users (id, email, registered_at, email_proven_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (id) DO NOTHING`,
          [
            event.data.userId,
            event.data.email,
            event.metadata.occurredAt,
            event.data.emailProven === true ? event.metadata.occurredAt : null,
          ],
        );
      } else if (isEventOfType(event, 'UserEmailProven') || isEventOfType(event, 'InvitationAccepted')) {
        // A login link sent to the address was used, or an invitation sent to it accepted: the first proof counts.
        await tx.query(`UPDATE users SET email_proven_at = $2 WHERE id = $1 AND email_proven_at IS NULL`, [
          event.data.userId,
          event.metadata.occurredAt,
        ]);
      } else if (isEventOfType(event, 'UserPasswordChanged')) {
        // The hash itself is in user_credential (older events' passwordHash field is not read).
        await tx.query(`UPDATE users SET session_version = session_version + 1 WHERE id = $1`, [event.data.userId]);
      } else if (isEventOfType(event, 'TeamMemberJoined')) {
        await tx.query(`UPDATE users SET team_id = $2, role = $3 WHERE id = $1`, [
          event.data.userId,
          event.data.teamId,
          event.data.role,
        ]);
      } else if (isEventOfType(event, 'MemberRoleChanged')) {
        await tx.query(`UPDATE users SET role = $3 WHERE id = $1 AND team_id = $2`, [
          event.data.userId,
          event.data.teamId,
          event.data.role,
        ]);
      } else if (isEventOfType(event, 'TeamMemberRemoved')) {
        await tx.query(
          `UPDATE users SET team_id = NULL, role = NULL, session_version = session_version + 1
           WHERE id = $1 AND team_id = $2`,
          [event.data.userId, event.data.teamId],
        );
      }
    }
  }

  /** An erased account: its address written again as the event now reads it ("[erased]"). */
  async rewritePersonalData(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const rows = events
      .filter((event) => isEventOfType(event, 'UserRegistered'))
      .map((event) => ({ id: (event.data as UserRegistered).userId, email: (event.data as UserRegistered).email }));
    if (rows.length === 0) return;
    await tx.query(
      `UPDATE users u SET email = r.email FROM json_to_recordset($1::json) AS r(id uuid, email text) WHERE u.id = r.id`,
      [JSON.stringify(rows)],
    );
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('DELETE FROM users');
  }
}
