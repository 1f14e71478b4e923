import { Injectable } from '@nestjs/common';
import { ERASURE_REMAINS_MAX_TYPES, type ErasureRemains } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';

/**
 * What of an address the team's audit trail still holds: its rows carry every team event's payload as it reads now
 * (sealed fields of an erased subject read "[erased]"), so a row whose payload still contains the address is an
 * event written before its fields were sealed (plain text), which no erasure can reach. Bounded: the caller's team's
 * rows only, grouped by event type, at most ERASURE_REMAINS_MAX_TYPES types.
 */
@Injectable()
export class RemainingPersonalData {
  constructor(private readonly db: DataSource) {}

  /** The event types whose payloads still contain the address (case-insensitive), the most numerous first. */
  async of(teamId: string, email: string): Promise<ErasureRemains[]> {
    const address = email.trim().toLowerCase();
    if (address === '') return [];
    const rows: { eventType: string; count: number }[] = await this.db.query(
      `SELECT type AS "eventType", count(*)::int AS count
         FROM team_audit
        WHERE team_id = $1 AND strpos(lower(payload::text), $2) > 0
        GROUP BY type
        ORDER BY count(*) DESC, type
        LIMIT $3`,
      [teamId, address, ERASURE_REMAINS_MAX_TYPES],
    );
    return rows.map((row) => ({ eventType: row.eventType, count: row.count }));
  }
}
