import { randomUUID } from 'node:crypto';
import { createMigratedTestDataSource, type MigratedTestDataSource } from '../../../../test/support/test-database';
import { TeamReplies } from './team-replies';

/**
 * The team replies port (what the rules engine's "last responder" chooses from): the replies in an email's thread
 * and to its sender, never a draft, never another team's.
 */
describe('TeamReplies (read port of email_reply, email_thread and inbox_email)', () => {
  let db: MigratedTestDataSource;
  let replies: TeamReplies;
  const teamA = randomUUID();
  const teamB = randomUUID();
  const alice = randomUUID();
  const bob = randomUUID();
  const mallory = randomUUID();
  const earlierOfA = randomUUID();
  const otherOfA = randomUUID();
  const newOfA = randomUUID();
  const ofB = randomUUID();

  beforeAll(async () => {
    db = await createMigratedTestDataSource();
    replies = new TeamReplies(db.dataSource);
    const email = (id: string, teamId: string, from: string, messageId: string) =>
      Promise.all([
        db.dataSource.query(
          `INSERT INTO inbox_email (id, team_id, subject, body_text, from_name, from_email, received_at, priority,
                                    status)
           VALUES ($1, $2, 'Subject', '', 'Sender', $3, now(), 'NORMAL', 'OPEN')`,
          [id, teamId, from],
        ),
        db.dataSource.query(
          `INSERT INTO email_thread (email_id, team_id, message_id, in_reply_to, refs, thread_id)
           VALUES ($1, $2, $3, NULL, '{}', $1)`,
          [id, teamId, messageId],
        ),
      ]);
    const reply = (emailId: string, teamId: string, authorId: string, status: string, sentAt: string | null) =>
      db.dataSource.query(
        `INSERT INTO email_reply (id, team_id, email_id, author_id, status, created_at, sent_at)
         VALUES ($1, $2, $3, $4, $5, now(), $6)`,
        [randomUUID(), teamId, emailId, authorId, status, sentAt],
      );
    await email(earlierOfA, teamA, 'ceo@vip.example.com', '<earlier@vip.example.com>');
    await email(otherOfA, teamA, 'CEO@vip.example.com', '<other@vip.example.com>');
    await email(ofB, teamB, 'ceo@vip.example.com', '<earlier@vip.example.com>');
    await reply(earlierOfA, teamA, alice, 'SENT', '2026-11-01T10:00:00Z');
    await reply(otherOfA, teamA, bob, 'SENT', '2026-11-02T10:00:00Z');
    await reply(otherOfA, teamA, bob, 'DRAFT', null);
    await reply(ofB, teamB, mallory, 'SENT', '2026-11-03T10:00:00Z');
  }, 60_000);
  afterAll(() => db?.drop());

  it("answers the replies in the email's thread and to the same sender, drafts left out", async () => {
    const found = await replies.around(teamA, {
      emailId: newOfA,
      fromEmail: 'ceo@vip.example.com',
      inReplyTo: '<earlier@vip.example.com>',
      references: [],
    });
    expect(found.thread).toEqual([{ authorId: alice, at: '2026-11-01T10:00:00.000Z' }]);
    expect(found.sameSender).toEqual([
      { authorId: bob, at: '2026-11-02T10:00:00.000Z' },
      { authorId: alice, at: '2026-11-01T10:00:00.000Z' },
    ]);
  });

  it("never answers another team's replies, even to the same sender and Message-ID", async () => {
    const found = await replies.around(teamA, {
      emailId: newOfA,
      fromEmail: 'ceo@vip.example.com',
      inReplyTo: '<earlier@vip.example.com>',
    });
    const authors = [...found.thread, ...found.sameSender].map((reply) => reply.authorId);
    expect(authors).not.toContain(mallory);
    const ofTeamB = await replies.around(teamB, { emailId: randomUUID(), fromEmail: 'ceo@vip.example.com' });
    expect(ofTeamB.sameSender.map((reply) => reply.authorId)).toEqual([mallory]);
  });
});
