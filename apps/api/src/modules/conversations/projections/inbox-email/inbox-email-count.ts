import type { EntityManager } from 'typeorm';
import type { InboxEmailState } from './inbox-email-state';

/**
 * `inbox_email_count`: how many emails of a team are in each (box, label, assignee, unread) combination, kept by the
 * inbox projection in the transaction that changes the rows, so every list count is a SUM over a few rows.
 * An email counts once under ANY_LABEL and once under each of its labels; NOBODY is the assignee of unassigned mail.
 */
export const ANY_LABEL = '00000000-0000-0000-0000-000000000000';
export const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * Where an email is: spam wins over snoozed, snoozed over archived (the spam folder shows archived spam too; a snoozed
 * email is in none of inbox, archived and My Tasks until it wakes).
 */
export type InboxBox = 'inbox' | 'archived' | 'spam' | 'snoozed';

export const boxOf = (state: Pick<InboxEmailState, 'isArchived' | 'isSpam' | 'snoozedUntil'>): InboxBox =>
  state.isSpam ? 'spam' : state.snoozedUntil !== null ? 'snoozed' : state.isArchived ? 'archived' : 'inbox';

/** The same as boxOf, in SQL over an inbox_email row. */
export const BOX_SQL = `CASE WHEN is_spam THEN 'spam' WHEN snoozed_until IS NOT NULL THEN 'snoozed' WHEN is_archived THEN 'archived' ELSE 'inbox' END`;

interface CountKey {
  team_id: string;
  box: InboxBox;
  label_id: string;
  assigned_to: string;
  unread: boolean;
}

/** Sums of +1/-1 per counter key, written with one upsert. */
export class InboxEmailCountDiff {
  private readonly diff = new Map<string, { key: CountKey; n: number }>();

  add(state: InboxEmailState, n: 1 | -1): void {
    const box = boxOf(state);
    const assigned = state.assignedTo ?? NOBODY;
    const unread = state.readAt === null && state.readBy === null;
    for (const label of new Set([ANY_LABEL, ...state.labels])) {
      const id = `${state.teamId}|${box}|${label}|${assigned}|${unread}`;
      const entry = this.diff.get(id);
      if (entry) entry.n += n;
      else
        this.diff.set(id, { key: { team_id: state.teamId, box, label_id: label, assigned_to: assigned, unread }, n });
    }
  }

  /** Old state out, new state in (either may be absent). */
  change(before: InboxEmailState | undefined, after: InboxEmailState | undefined): void {
    if (before) this.add(before, -1);
    if (after) this.add(after, 1);
  }

  async write(tx: EntityManager): Promise<void> {
    const rows = [...this.diff.values()].filter(({ n }) => n !== 0).map(({ key, n }) => ({ ...key, n }));
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO inbox_email_count (team_id, box, label_id, assigned_to, unread, n)
       SELECT r.team_id, r.box, r.label_id, r.assigned_to, r.unread, r.n
         FROM json_to_recordset($1::json) AS r(team_id uuid, box text, label_id uuid, assigned_to uuid, unread boolean, n bigint)
       ON CONFLICT (team_id, box, label_id, assigned_to, unread) DO UPDATE SET n = inbox_email_count.n + EXCLUDED.n`,
      [JSON.stringify(rows)],
    );
  }
}
