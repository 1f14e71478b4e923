import { Injectable } from '@nestjs/common';
import type { EmailQuarantined, EmailReleasedFromQuarantine } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projections/projection';

export const MAIL_QUARANTINE_PROJECTION = 'mail-quarantine';

/**
 * `mail_quarantine`: the team's messages that could not be imported, with the latest reason and how often they were
 * tried; a message leaves it when a retry imports it (EmailReleasedFromQuarantine).
 */
@Injectable()
export class MailQuarantineProjection implements Projection {
  readonly name = MAIL_QUARANTINE_PROJECTION;
  readonly eventTypes = ['EmailQuarantined', 'EmailReleasedFromQuarantine'] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      if (event.type === 'EmailReleasedFromQuarantine') {
        const { emailId, teamId } = event.data as EmailReleasedFromQuarantine;
        await tx.query('DELETE FROM mail_quarantine WHERE email_id = $1 AND team_id = $2', [emailId, teamId]);
        continue;
      }
      if (event.type !== 'EmailQuarantined') continue;
      const data = event.data as EmailQuarantined;
      await tx.query(
        `INSERT INTO mail_quarantine
           (email_id, team_id, folder, uid, uidvalidity, reason, size, has_source, attempts, quarantined_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9, $9)
         ON CONFLICT (email_id) DO UPDATE SET reason = EXCLUDED.reason, size = COALESCE(EXCLUDED.size, mail_quarantine.size),
           has_source = mail_quarantine.has_source OR EXCLUDED.has_source, attempts = mail_quarantine.attempts + 1,
           updated_at = EXCLUDED.updated_at`,
        [
          data.emailId,
          data.teamId,
          data.folder,
          data.uid,
          data.uidValidity ?? null,
          data.error,
          data.size ?? null,
          // Events written before hasSource existed were parse failures, whose source was always stored.
          data.hasSource ?? true,
          event.recordedAt,
        ],
      );
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE mail_quarantine');
  }
}
