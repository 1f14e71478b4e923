import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** What another module shows of an email of the inbox: its subject, sender and assignee. */
export interface EmailSummary {
  emailId: string;
  subject: string;
  fromName: string | null;
  fromEmail: string;
  assignedTo: string | null;
}

/**
 * The read port of the inbox's emails (table `inbox_email`, written by the inbox-email projection) for other modules:
 * an email is found only in its own team.
 */
@Injectable()
export class EmailSummaries {
  constructor(private readonly db: DataSource) {}

  /**
   * The summary of each named email that is in its team's inbox, by `${teamId} ${emailId}` as Postgres writes uuids
   * (lower case); one query for the batch.
   */
  async summariesOf(refs: readonly { teamId: string; emailId: string }[]): Promise<Map<string, EmailSummary>> {
    const summaries = new Map<string, EmailSummary>();
    if (refs.length === 0) return summaries;
    const rows: {
      id: string;
      team_id: string;
      subject: string;
      from_name: string | null;
      from_email: string;
      assigned_to: string | null;
    }[] = await this.db.query(
      `SELECT e.id, e.team_id, e.subject, e.from_name, e.from_email, e.assigned_to
         FROM inbox_email e
         JOIN unnest($1::uuid[], $2::uuid[]) AS r(id, team_id) ON e.id = r.id AND e.team_id = r.team_id`,
      [refs.map((ref) => ref.emailId), refs.map((ref) => ref.teamId)],
    );
    for (const row of rows) {
      summaries.set(`${row.team_id} ${row.id}`, {
        emailId: row.id,
        subject: row.subject,
        fromName: row.from_name,
        fromEmail: row.from_email,
        assignedTo: row.assigned_to,
      });
    }
    return summaries;
  }
}
