import { randomUUID } from 'node:crypto';
import { createMigratedTestDataSource, type MigratedTestDataSource } from '../../../../test/support/test-database';
import { EmailMutes } from './email-mutes';

/** The mutes port answers within the team named with the email or the member: another team's rows never come back. */
describe('EmailMutes (read port of email_mute and email_thread)', () => {
  let db: MigratedTestDataSource;
  let mutes: EmailMutes;
  const teamA = randomUUID();
  const teamB = randomUUID();
  const alice = randomUUID();
  const bob = randomUUID();
  const [threadStart, threadReply, lonely, otherTeams] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

  beforeAll(async () => {
    db = await createMigratedTestDataSource();
    mutes = new EmailMutes(db.dataSource);
    const thread = async (emailId: string, teamId: string, threadId: string) =>
      db.dataSource.query(
        `INSERT INTO email_thread (email_id, team_id, message_id, in_reply_to, refs, thread_id)
         VALUES ($1, $2, $3, NULL, '{}', $4)`,
        [emailId, teamId, `<${emailId}@test>`, threadId],
      );
    const mute = async (emailId: string, userId: string, teamId: string) =>
      db.dataSource.query('INSERT INTO email_mute (email_id, user_id, team_id) VALUES ($1, $2, $3)', [
        emailId,
        userId,
        teamId,
      ]);
    // Team A: alice muted the first email of a thread; its reply is muted with it.
    await thread(threadStart, teamA, threadStart);
    await thread(threadReply, teamA, threadStart);
    await mute(threadStart, alice, teamA);
    // Team B: bob muted an email of team B that shares team A's thread id.
    await thread(otherTeams, teamB, threadStart);
    await mute(otherTeams, bob, teamB);
  }, 60_000);
  afterAll(() => db?.drop());

  it('names the teams in which someone muted an email, and only those', async () => {
    const quiet = randomUUID();
    expect(await mutes.teamsMuting([teamA, quiet])).toEqual(new Set([teamA]));
    expect(await mutes.teamsMuting([])).toEqual(new Set());
  });

  it("finds who muted an email or its conversation within the email's team only", async () => {
    const muted = await mutes.mutedOf([
      { teamId: teamA, emailId: threadReply },
      { teamId: teamA, emailId: lonely },
    ]);
    // bob's mute of team B's email in a thread of the same id is not team A's.
    expect(muted).toEqual(new Set([`${alice} ${threadReply}`]));
  });

  it("answers nothing for an email named with another team (another team's mutes never come back)", async () => {
    expect(await mutes.mutedOf([{ teamId: teamB, emailId: threadStart }])).toEqual(new Set());
    expect(await mutes.mutedOf([{ teamId: teamA, emailId: otherTeams }])).toEqual(new Set());
  });

  it("lists a member's muted emails of one team", async () => {
    expect(await mutes.mutedEmailIdsOf(alice, teamA)).toEqual([threadStart]);
    expect(await mutes.mutedEmailIdsOf(alice, teamB)).toEqual([]);
    expect(await mutes.mutedEmailIdsOf(bob, teamA)).toEqual([]);
  });
});
