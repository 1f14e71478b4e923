import { ERASURE_RATE_LIMIT_MESSAGE } from '@teaminbox/contracts';
import { teamWith } from '../../../../test/app/identity-fixtures';
import { erasureKit } from '../../../../test/app/erasure-kit';
import { startTestApp, type TestApp } from '../../../../test/app/test-app';
import { type SmtpSink, startSmtpSink } from '../../../../test/support/smtp-sink';

describe('erasures per team and hour (ERASURES_PER_TEAM_PER_HOUR)', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ smtpUrl: sink.url, erasuresPerTeamPerHour: 2 });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('answers 429 with a clear message past the limit, in that team only', async () => {
    const { erase } = erasureKit(t, sink);
    const team = await teamWith(t, sink, []);
    const other = await teamWith(t, sink, []);
    // Addresses the team keeps nothing of still count: each attempt costs the same lookups.
    expect((await erase(team.admin.token, 'first@example.com')).status).toBe(404);
    expect((await erase(team.admin.token, 'second@example.com')).status).toBe(404);
    const refused = await erase(team.admin.token, 'third@example.com');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(ERASURE_RATE_LIMIT_MESSAGE);
    expect((await erase(other.admin.token, 'third@example.com')).status).toBe(404);
  });
});
