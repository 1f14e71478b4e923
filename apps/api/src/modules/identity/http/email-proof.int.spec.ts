import type { CurrentUser, LoginLinkResponse, Notification, Page, Team } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { person, type Person } from '../../../../test/app/identity-fixtures';
import { suiteWithApp } from '../../../../test/app/suite';
import { receiveEmail } from '../../../../test/notifications/receive-email';
import { linkIn } from '../../../../test/support/smtp-sink';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { readUntil } from '../../../../test/support/until';

const NOT_PROVEN = 'Confirm your email address before sending invitations: sign in once with a login link sent to it.';

describe('mail goes only to proven addresses (real PostgreSQL and SMTP)', () => {
  const { t, sink } = suiteWithApp({ config: { publicUrl: 'https://inbox.example.com' } });

  /** Proves the address the way its owner does: a login link mailed to it, used. Returns the link session's token. */
  async function proveByLoginLink(user: Person): Promise<string> {
    const before = sink.messages.length;
    expect((await t.request('/api/sendLoginLink', { method: 'POST', body: { email: user.email } })).status).toBe(200);
    const mail = await sink.waitFor(user.email, (m) => sink.messages.indexOf(m) >= before);
    const token = linkIn(mail, 'https://inbox.example.com', '/loginLink/').split('/loginLink/')[1];
    for (let attempt = 1; ; attempt++) {
      const res = await t.request<LoginLinkResponse>(`/api/auth/loginLinkSignin/${token}`);
      if (res.status === 200) return res.body.token;
      if (res.status !== 425 || attempt >= 40) throw new Error(`login link refused: ${res.status}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** An unproven account (registered with a password only) that created a team. */
  async function unprovenAdmin(prefix: string): Promise<Person & { teamId: string }> {
    const admin = await person(t, prefix, { proven: false });
    const created = await t.request<Team>('/api/team', { method: 'PUT', token: admin.token, body: 'Team' });
    expect(created.status).toBe(200);
    return { ...admin, teamId: created.body.id };
  }

  const me = async (token: string) => (await t.request<CurrentUser>('/api/loggedInUser', { token })).body;

  it('refuses an unproven account’s invitation with a clear 403, and sends it once a login link proved the address', async () => {
    const admin = await unprovenAdmin('inviter');
    expect((await me(admin.token)).emailProven).toBe(false);

    const invitee = `invitee.${uuidv7()}@example.com`;
    const before = sink.messages.length;
    const refused = await t.request('/api/invitation', { method: 'PUT', token: admin.token, body: { email: invitee } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, message: NOT_PROVEN });
    const team = await t.request<Team>('/api/team', { token: admin.token });
    expect(team.body.invitations).toEqual([]);

    const token = await proveByLoginLink(admin);
    expect((await me(token)).emailProven).toBe(true);
    const sent = await t.request<Team>('/api/invitation', { method: 'PUT', token, body: { email: invitee } });
    expect(sent.status).toBe(200);
    expect(sent.body.invitations.map((i) => i.email)).toEqual([invitee]);
    await sink.waitFor(invitee, (m) => sink.messages.indexOf(m) >= before);
    expect(sink.messages.slice(before).filter((m) => m.to.includes(invitee))).toHaveLength(1);
  });

  it('counts an invitation accepted at sign-in as the proof, on the user’s stream, and keeps the password', async () => {
    const inviter = await person(t, 'proven-inviter');
    expect((await t.request('/api/team', { method: 'PUT', token: inviter.token, body: 'Team' })).status).toBe(200);
    const existing = await person(t, 'existing', { proven: false });
    expect((await me(existing.token)).emailProven).toBe(false);
    const before = sink.messages.length;
    const sent = await t.request('/api/invitation', {
      method: 'PUT',
      token: inviter.token,
      body: { email: existing.email },
    });
    expect(sent.status).toBe(200);
    const mail = await sink.waitFor(existing.email, (m) => sink.messages.indexOf(m) >= before);
    const invitationId = linkIn(mail, 'https://inbox.example.com', '/invitation/').split('/invitation/')[1];

    const signIn = (body: Record<string, string>) =>
      t.request<{ success: boolean; message: string }>('/api/auth/signin', { method: 'POST', body });
    const accepted = await signIn({ email: existing.email, password: existing.password, invitationId });
    expect(accepted.status).toBe(200);
    expect((await me(accepted.body.message)).emailProven).toBe(true);
    const events: { data: { via?: string } }[] = await t.app
      .get(DataSource)
      .query(`SELECT data FROM events WHERE stream_id = $1 AND type = 'UserEmailProven'`, [`user-${existing.id}`]);
    expect(events.map((e) => e.data.via)).toEqual(['invitation']);
    // Whoever accepted held both the invitation and the password: the password still signs in.
    expect((await signIn({ email: existing.email, password: existing.password })).status).toBe(200);
  });

  it('lists an unproven account’s notifications without emailing them, and emails them once the address is proven', async () => {
    const admin = await unprovenAdmin('recipient');
    const store = t.app.get<EventStore>(EVENT_STORE);
    const receive = (subject: string) => receiveEmail(t, admin.teamId, subject);
    const listed = async (token: string, emailId: string) =>
      readUntil(
        async () =>
          (await t.request<Page<Notification>>('/api/notifications?size=100', { token })).body.content.filter(
            (n) => n.emailId === emailId,
          ),
        (found) => found.length > 0,
      );
    /** Waits until delivery handled everything appended so far, and the email jobs ran. */
    const delivered = async () => {
      await t.app
        .get(ProjectionRunner)
        .waitFor(await store.headPosition(), ['notify-recipients', 'deliver-notifications'], 20_000, {
          afterCommit: true,
        });
      await readUntil(
        async () =>
          Number(
            (
              await t.app
                .get(DataSource)
                .query(
                  `SELECT count(*) AS n FROM pgboss.job WHERE name = 'notification-email' AND state NOT IN ('completed', 'failed', 'cancelled')`,
                )
            )[0].n,
          ),
        (n) => n === 0,
      );
    };

    const before = await receive('Before the proof');
    expect(await listed(admin.token, before)).toHaveLength(1);
    await delivered();
    expect(sink.messages.filter((m) => m.text.includes(before))).toEqual([]);

    const token = await proveByLoginLink(admin);
    const after = await receive('After the proof');
    expect(await listed(token, after)).toHaveLength(1);
    const mail = await sink.waitFor(admin.email, (m) => m.text.includes(after));
    expect(mail.subject).toContain('After the proof');
    expect(sink.messages.filter((m) => m.text.includes(before))).toEqual([]);
  });
});
