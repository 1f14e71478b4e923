import {
  AUDITOR_NOT_ASSIGNABLE_MESSAGE,
  type CurrentUser,
  type Email,
  type EmailRuleApplied,
  type Notification,
  type Page,
  READ_ONLY_ROLE_MESSAGE,
  type Rule,
  type SuccessMessageResponse,
  type Team,
} from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { type Person, teamWith, uniqueEmail } from '../../../../test/app/identity-fixtures';
import { receiveEmail } from '../../../../test/notifications/receive-email';
import { registeredRoutes } from '../../../../test/app/registered-routes';
import { suiteWithApp } from '../../../../test/app/suite';
import { linkIn } from '../../../../test/support/smtp-sink';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { readUntil } from '../../../../test/support/until';

/**
 * The write routes an auditor may still use: their own account only (docs/audit.md, "Auditor role"). Every other
 * authenticated write answers 403. Adding a route here is a decision to document there.
 */
const OWN_ACCOUNT_WRITES = new Set([
  'PUT /api/me/password',
  'POST /api/user/profile-photo',
  'PUT /api/user/preferences',
  'PUT /api/me/availability',
  'PUT /api/notification-settings',
  'PUT /api/notifications/mark-all-read',
  'PUT /api/notifications/snooze',
  'DELETE /api/notifications/snooze',
  'POST /api/notifications/push-subscriptions',
  'DELETE /api/notifications/push-subscriptions',
  'PUT /api/notifications/:id/read',
]);

/** Writes open without a token (signing up and in): they act for an anonymous caller, never as the auditor. */
const PUBLIC_WRITES = new Set(['POST /api/register', 'POST /api/auth/signin', 'POST /api/sendLoginLink']);

const READ_METHODS = new Set(['get', 'head', 'options']);

describe('the AUDITOR role over HTTP (real PostgreSQL)', () => {
  const { t, sink } = suiteWithApp();
  let admin: Person;
  let member: Person;
  let auditor: Person;
  /** A member when the suite starts, made an auditor by the assignment test. */
  let later: Person;
  let teamId: string;
  let emailId: string;

  const store = () => t.app.get<EventStore>(EVENT_STORE);

  /** A concrete URL for a route pattern: every parameter gets a fresh id. */
  const concrete = (path: string) => path.replace(/:[A-Za-z_]+/g, () => uuidv7()).replace(/\{\*[^}]+\}/g, 'x');

  /** A new email of the team, as mail ingestion records it. */
  const receive = (subject: string) => receiveEmail(t, teamId, { subject, fromName: 'Customer' });

  const notificationsOf = async (who: Person) =>
    (await t.request<Page<Notification>>('/api/notifications?size=100', { token: who.token })).body.content;

  beforeAll(async () => {
    ({
      admin,
      members: [member, auditor, later],
      teamId,
    } = await teamWith(t, sink, ['MEMBER', 'AUDITOR', 'MEMBER']));
    const samples = await t.request<SuccessMessageResponse>('/api/emails/sample', {
      method: 'POST',
      token: admin.token,
    });
    expect(samples.status).toBe(200);
    const page = await t.request<Page<Email>>('/api/emails?size=1', { token: admin.token });
    emailId = page.body.content[0].id;
  }, 60_000);

  /** Invites an address with a role and returns the token of the emailed link. */
  async function inviteAs(inviterToken: string, email: string, role?: string): Promise<string> {
    const before = sink.messages.length;
    const res = await t.request<Team>('/api/invitation', { method: 'PUT', token: inviterToken, body: { email, role } });
    expect(res.status).toBe(200);
    expect(res.body.invitations).toContainEqual(expect.objectContaining({ email, role: role ?? 'MEMBER' }));
    const mail = await sink.waitFor(email, (m) => sink.messages.indexOf(m) >= before);
    return linkIn(mail, t.config.publicUrl, '/invitation/').split('/invitation/')[1];
  }

  /** Registers through the invitation, signs in and answers who the invitee is now. */
  async function join(email: string, token: string): Promise<CurrentUser> {
    const password = 'invited password';
    const registered = await t.request('/api/register', {
      method: 'POST',
      body: { email, password, invitationId: token },
    });
    expect(registered.status).toBe(200);
    const signedIn = await t.request<SuccessMessageResponse>('/api/auth/signin', {
      method: 'POST',
      body: { email, password },
    });
    return (await t.request<CurrentUser>('/api/loggedInUser', { token: signedIn.body.message })).body;
  }

  it('is given through an invitation that names it (MEMBER when none), by an ADMIN or a MAINTAINER', async () => {
    const team = await teamWith(t, sink, ['MAINTAINER', 'MEMBER']);
    const [maintainer, plain] = team.members;

    const auditorEmail = uniqueEmail('invited-auditor');
    const auditorToken = await inviteAs(maintainer.token, auditorEmail, 'AUDITOR');
    const memberEmail = uniqueEmail('invited-member');
    const memberToken = await inviteAs(team.admin.token, memberEmail);

    const byMember = await t.request<{ message: string }>('/api/invitation', {
      method: 'PUT',
      token: plain.token,
      body: { email: uniqueEmail('nope'), role: 'AUDITOR' },
    });
    expect(byMember.status).toBe(403);
    const adminByMaintainer = await t.request<{ message: string }>('/api/invitation', {
      method: 'PUT',
      token: maintainer.token,
      body: { email: uniqueEmail('boss'), role: 'ADMIN' },
    });
    expect(adminByMaintainer.status).toBe(403);
    const bad = await t.request<{ message: string }>('/api/invitation', {
      method: 'PUT',
      token: team.admin.token,
      body: { email: uniqueEmail('bad'), role: 'OWNER' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Role must be one of ADMIN, MAINTAINER, MEMBER, AUDITOR');

    expect(await join(auditorEmail, auditorToken)).toMatchObject({ role: 'AUDITOR', teamId: team.teamId });
    expect(await join(memberEmail, memberToken)).toMatchObject({ role: 'MEMBER', teamId: team.teamId });
  });

  it('reads the inbox, an email, My Tasks, the team, its activity, labels, templates and rules', async () => {
    const reads = [
      '/api/emails',
      `/api/emails/${emailId}`,
      `/api/emails/${emailId}/comments`,
      '/api/emails/my-tasks',
      '/api/emails/unread/count',
      '/api/team',
      '/api/team/members',
      '/api/team/actions',
      '/api/email-labels',
      '/api/reply-templates',
      '/api/rules',
      '/api/loggedInUser',
    ];
    for (const path of reads) {
      const res = await t.request(path, { token: auditor.token });
      expect(`${path} ${res.status}`).toBe(`${path} 200`);
    }
    const me = await t.request<CurrentUser>('/api/loggedInUser', { token: auditor.token });
    expect(me.body.role).toBe('AUDITOR');
  });

  it('answers 403 to every write route the application registers, but their own account routes', async () => {
    const routes = registeredRoutes(t.app);
    const writes = routes.filter((route) => !READ_METHODS.has(route.split(' ')[0].toLowerCase()));
    // The enumeration sees the application's routes (a guard against an empty list passing vacuously).
    for (const known of ['PUT /api/emails/:id/assign', 'PUT /api/invitation', 'POST /api/rules', 'PUT /api/team']) {
      expect(writes).toContain(known);
    }
    expect(writes.length).toBeGreaterThan(55);

    const head = await store().headPosition();
    const refused: string[] = [];
    const open: string[] = [];
    for (const route of writes) {
      const [method, path] = route.split(' ');
      const url = concrete(path);
      const anonymous = await t.request(url, { method, body: {} });
      if (anonymous.status !== 401) {
        expect(PUBLIC_WRITES).toContain(route);
        continue;
      }
      const res = await t.request<{ message?: string }>(url, { method, token: auditor.token, body: {} });
      if (OWN_ACCOUNT_WRITES.has(route)) {
        expect(`${route} ${res.status}`).not.toBe(`${route} 403`);
        open.push(route);
      } else {
        expect(`${route} ${res.status} ${res.body.message}`).toBe(`${route} 403 ${READ_ONLY_ROLE_MESSAGE}`);
        refused.push(route);
      }
    }
    expect(refused.length).toBeGreaterThan(40);
    expect(open.sort()).toEqual([...OWN_ACCOUNT_WRITES].sort());
    // The refused calls recorded nothing: whatever the auditor's calls appended is on their own streams.
    const events = await store().readAll({ after: head, maxCount: 1000 });
    expect(events.filter((e) => e.metadata?.actorUserId === auditor.id && !e.streamId.includes(auditor.id))).toEqual(
      [],
    );
  });

  it('is refused with real bodies too: a comment, a draft reply, marking read, a label, an invitation', async () => {
    const calls: [string, string, unknown][] = [
      ['POST', `/api/emails/${emailId}/comments`, { message: 'hello' }],
      ['POST', `/api/emails/${emailId}/replies`, { text: 'draft' }],
      ['PUT', `/api/emails/${emailId}/read`, undefined],
      ['PUT', `/api/emails/${emailId}/archive`, undefined],
      ['POST', '/api/email-labels', { name: 'Audit', color: 'info' }],
      ['PUT', '/api/invitation', { email: uniqueEmail('by-auditor') }],
      ['PUT', `/api/team/member/${member.id}/role`, 'MEMBER'],
      ['POST', '/api/emails/sample', undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.request<{ message: string }>(path, { method, token: auditor.token, body });
      expect(`${method} ${path} ${res.status} ${res.body.message}`).toBe(
        `${method} ${path} 403 ${READ_ONLY_ROLE_MESSAGE}`,
      );
    }
    const detail = await t.request<{ read: boolean; comments?: unknown[] }>(`/api/emails/${emailId}`, {
      token: admin.token,
    });
    expect(detail.status).toBe(200);
  });

  it('is never assigned: by hand (400), by a rule naming them (refused), nor by a rule saved before the role', async () => {
    const assign = await t.request<{ message: string }>(`/api/emails/${emailId}/assign`, {
      method: 'PUT',
      token: admin.token,
      body: { assignedTo: auditor.id },
    });
    expect(assign.status).toBe(400);
    expect(assign.body.message).toBe(AUDITOR_NOT_ASSIGNABLE_MESSAGE);

    const rule = (userId: string, name: string) => ({
      name,
      matchMode: 'ALL',
      conditions: [{ field: 'SUBJECT', operator: 'CONTAINS', value: name }],
      actions: [{ type: 'ASSIGN_TO_USER', value: userId, skipIfOnVacation: false }],
      suppressNotifications: false,
      enabled: true,
    });
    const refused = await t.request<{ message: string }>('/api/rules', {
      method: 'POST',
      token: admin.token,
      body: rule(auditor.id, 'to-the-auditor'),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`Action 1: ${AUDITOR_NOT_ASSIGNABLE_MESSAGE}`);

    // A rule made while the member could be assigned; then the member becomes an auditor.
    const made = await t.request<Rule>('/api/rules', {
      method: 'POST',
      token: admin.token,
      body: rule(later.id, 'later-auditor-rule'),
    });
    expect(made.status).toBe(200);
    const demoted = await t.request(`/api/team/member/${later.id}/role`, {
      method: 'PUT',
      token: admin.token,
      body: 'AUDITOR',
    });
    expect(demoted.status).toBe(200);
    const id = await receive('later-auditor-rule please');
    const applied = await readUntil(
      async () => (await store().readStream(`email-${id}`)).filter((e) => e.type === 'EmailRuleApplied'),
      (found) => found.length > 0,
    );
    expect(applied).toHaveLength(1);
    const [outcome] = (applied[0].data as EmailRuleApplied).actions;
    expect(outcome).toMatchObject({ applied: false, skipReason: 'AUDITOR', target: { id: later.id } });
    expect((await store().readStream(`email-${id}`)).some((e) => e.type === 'EmailAssigned')).toBe(false);
  });

  it('is never notified: not of new mail, nor of a mention', async () => {
    const id = await receive('Audited news');
    await readUntil(
      async () => (await notificationsOf(member)).filter((n) => n.emailId === id),
      (found) => found.length >= 1,
    );
    const comment = await t.request(`/api/emails/${id}/comments`, {
      method: 'POST',
      token: admin.token,
      body: { message: `@${auditor.email} and @${member.email}, have a look` },
    });
    expect(comment.status).toBe(200);
    await readUntil(
      async () => (await notificationsOf(member)).filter((n) => n.emailId === id),
      (found) => found.length >= 2,
    );
    const head = await store().headPosition();
    await t.app.get(ProjectionRunner).waitFor(head, ['notify-recipients', 'notification-list'], 20_000, {
      afterCommit: true,
    });
    expect((await notificationsOf(auditor)).filter((n) => n.emailId === id)).toEqual([]);
  });
});
