import { randomUUID } from 'node:crypto';
import { createMigratedTestDataSource, type MigratedTestDataSource } from '../../../../test/support/test-database';
import { EmailSummaries } from './email-summaries';

/** The inbox's email port finds an email only in its own team: another team's rows never come back. */
describe('EmailSummaries (read port of inbox_email)', () => {
  let db: MigratedTestDataSource;
  let summaries: EmailSummaries;
  const teamA = randomUUID();
  const teamB = randomUUID();
  const alice = randomUUID();
  const ofA = randomUUID();
  const ofB = randomUUID();

  beforeAll(async () => {
    db = await createMigratedTestDataSource();
    summaries = new EmailSummaries(db.dataSource);
    const email = (id: string, teamId: string, subject: string, assignedTo: string | null) =>
      db.dataSource.query(
        `INSERT INTO inbox_email (id, team_id, subject, body_text, from_name, from_email, received_at, priority, status,
                                  assigned_to)
         VALUES ($1, $2, $3, '', 'Sender', 'sender@example.com', now(), 'NORMAL', 'OPEN', $4)`,
        [id, teamId, subject, assignedTo],
      );
    await email(ofA, teamA, 'Invoice of team A', alice);
    await email(ofB, teamB, 'Secret of team B', null);
  }, 60_000);
  afterAll(() => db?.drop());

  it("answers each email of its team's inbox by team and id, in one map", async () => {
    const found = await summaries.summariesOf([
      { teamId: teamA, emailId: ofA },
      { teamId: teamB, emailId: ofB },
    ]);
    expect(found).toEqual(
      new Map([
        [
          `${teamA} ${ofA}`,
          {
            emailId: ofA,
            subject: 'Invoice of team A',
            fromName: 'Sender',
            fromEmail: 'sender@example.com',
            assignedTo: alice,
          },
        ],
        [
          `${teamB} ${ofB}`,
          {
            emailId: ofB,
            subject: 'Secret of team B',
            fromName: 'Sender',
            fromEmail: 'sender@example.com',
            assignedTo: null,
          },
        ],
      ]),
    );
  });

  it("never answers another team's email named with the asking team", async () => {
    expect(await summaries.summariesOf([{ teamId: teamA, emailId: ofB }])).toEqual(new Map());
    expect(await summaries.summariesOf([])).toEqual(new Map());
  });
});
