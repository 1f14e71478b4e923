import { Injectable } from '@nestjs/common';
import type { InvitationSent } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { isEventOfType } from '../../../../platform/event-sourcing';

export const INVITATIONS_PROJECTION = 'team-invitations';

/** Writes `team_invitations`: a re-sent invitation keeps its row and gets the new token hash and expiry. */
@Injectable()
export class InvitationsProjection implements Projection {
  readonly name = INVITATIONS_PROJECTION;
  readonly eventTypes = ['InvitationSent', 'InvitationDeleted', 'InvitationAccepted'] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      if (isEventOfType(event, 'InvitationSent')) {
        const { invitationId, teamId, email, tokenHash, expiresAt, invitedBy, role = 'MEMBER' } = event.data;
        await tx.query(
          `INSERT INTO team_invitations (id, team_id, email, token_hash, status, expires_at, invited_by, sent_at, role)
           VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8)
           ON CONFLICT (id) DO UPDATE SET token_hash = EXCLUDED.token_hash, status = 'pending',
             expires_at = EXCLUDED.expires_at, invited_by = EXCLUDED.invited_by, sent_at = EXCLUDED.sent_at,
             role = EXCLUDED.role`,
          [invitationId, teamId, email, tokenHash, expiresAt, invitedBy, event.metadata.occurredAt, role],
        );
      } else if (isEventOfType(event, 'InvitationDeleted') || isEventOfType(event, 'InvitationAccepted')) {
        const status = event.type === 'InvitationDeleted' ? 'deleted' : 'accepted';
        await tx.query(`UPDATE team_invitations SET status = $3 WHERE id = $1 AND team_id = $2`, [
          event.data.invitationId,
          event.data.teamId,
          status,
        ]);
      }
    }
  }

  /** An erased invitee's invitations: the address written again as the events now read it ("[erased]"). */
  async rewritePersonalData(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const rows = events
      .filter((event) => isEventOfType(event, 'InvitationSent'))
      .map((event) => {
        const { invitationId, teamId, email } = event.data as InvitationSent;
        return { id: invitationId, team_id: teamId, email };
      });
    if (rows.length === 0) return;
    await tx.query(
      `UPDATE team_invitations i SET email = r.email
         FROM json_to_recordset($1::json) AS r(id uuid, team_id uuid, email text)
        WHERE i.id = r.id AND i.team_id = r.team_id`,
      [JSON.stringify(rows)],
    );
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('DELETE FROM team_invitations');
  }
}
