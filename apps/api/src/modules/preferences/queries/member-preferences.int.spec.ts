import { randomUUID } from 'node:crypto';
import { createMigratedTestDataSource, type MigratedTestDataSource } from '../../../../test/support/test-database';
import { MemberPreferences } from './member-preferences';

/** The preferences port answers the members of the named teams only: another team's rows never come back. */
describe('MemberPreferences (read port of user_preferences)', () => {
  let db: MigratedTestDataSource;
  let port: MemberPreferences;
  const teamA = randomUUID();
  const teamB = randomUUID();
  const alice = randomUUID();
  const newcomer = randomUUID();
  const bob = randomUUID();

  beforeAll(async () => {
    db = await createMigratedTestDataSource();
    port = new MemberPreferences(db.dataSource);
    const user = (id: string, teamId: string) =>
      db.dataSource.query('INSERT INTO users (id, email, registered_at, team_id) VALUES ($1, $2, now(), $3)', [
        id,
        `${id}@example.com`,
        teamId,
      ]);
    await user(alice, teamA);
    await user(newcomer, teamA);
    await user(bob, teamB);
    await db.dataSource.query(
      `INSERT INTO user_preferences (user_id, on_vacation, language) VALUES ($1, true, 'cs'), ($2, true, 'cs')`,
      [alice, bob],
    );
  }, 60_000);
  afterAll(() => db?.drop());

  it("answers every member of the asked teams, with the defaults until they save, and no other team's", async () => {
    expect(await port.ofTeams([teamA])).toEqual(
      new Map([
        [alice, { language: 'cs', onVacation: true }],
        [newcomer, { language: 'en', onVacation: false }],
      ]),
    );
    expect(await port.ofTeams([])).toEqual(new Map());
  });
});
