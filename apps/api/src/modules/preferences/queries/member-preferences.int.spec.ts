import { createMigratedTestDataSource, type MigratedTestDataSource } from '../../../../test/support/test-database';
import { insertTwoTeams, twoTeams } from '../../../../test/support/two-teams';
import { MemberPreferences } from './member-preferences';

/** The preferences port answers the members of the named teams only: another team's rows never come back. */
describe('MemberPreferences (read port of user_preferences)', () => {
  let db: MigratedTestDataSource;
  let port: MemberPreferences;
  const teams = twoTeams();
  const { teamA, alice, newcomer, bob } = teams;

  beforeAll(async () => {
    db = await createMigratedTestDataSource();
    port = new MemberPreferences(db.dataSource, { undoSendDefaultSeconds: 7 });
    await insertTwoTeams(db.dataSource, teams);
    await db.dataSource.query(
      `INSERT INTO user_preferences (user_id, on_vacation, language) VALUES ($1, true, 'cs'), ($2, true, 'cs')`,
      [alice, bob],
    );
  }, 60_000);
  afterAll(() => db?.drop());

  it("answers a person's undo window, the server's default until they choose one", async () => {
    expect(await port.undoSendSecondsOf(alice)).toBe(7);
    await db.dataSource.query('UPDATE user_preferences SET undo_send_seconds = 0 WHERE user_id = $1', [alice]);
    expect(await port.undoSendSecondsOf(alice)).toBe(0);
  });

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
