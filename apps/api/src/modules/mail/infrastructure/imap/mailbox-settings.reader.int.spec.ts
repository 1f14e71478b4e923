import { randomUUID } from 'node:crypto';
import { createMigratedTestDataSource, type MigratedTestDataSource } from '../../../../../test/support/test-database';
import { MailboxSettingsReader } from './mailbox-settings.reader';
import { MailboxStatusStore } from './mailbox-status.store';

/** The mailbox settings port answers one team's configuration: another team's row never comes back. */
describe('MailboxSettingsReader (read port of mailbox_config)', () => {
  let db: MigratedTestDataSource;
  let reader: MailboxSettingsReader;
  const teamA = randomUUID();
  const teamB = randomUUID();
  const teamWithout = randomUUID();

  beforeAll(async () => {
    db = await createMigratedTestDataSource();
    reader = new MailboxSettingsReader(new MailboxStatusStore(db.dataSource));
    await db.dataSource.query(
      `INSERT INTO mailbox_config (team_id, settings, is_active, updated_at)
       VALUES ($1, $2, true, now()), ($3, $4, true, now())`,
      [teamA, JSON.stringify({ smtpHost: 'smtp.a.test' }), teamB, JSON.stringify({ smtpHost: 'smtp.b.test' })],
    );
  }, 60_000);
  afterAll(() => db?.drop());

  it("answers the team's own settings, and nothing for a team that saved none", async () => {
    expect(await reader.settingsOf(teamA)).toEqual({ smtpHost: 'smtp.a.test' });
    expect(await reader.settingsOf(teamB)).toEqual({ smtpHost: 'smtp.b.test' });
    expect(await reader.settingsOf(teamWithout)).toBeNull();
  });
});
