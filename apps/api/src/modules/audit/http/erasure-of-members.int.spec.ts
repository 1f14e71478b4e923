import type {
  Email,
  EmailAction,
  EmailHistoryEntry,
  EmailRulesExplanation,
  Page,
  SuccessMessageResponse,
  Team,
  TeamActivityEntry,
  TeamAuditEntry,
  TeamMember,
} from '@teaminbox/contracts';
import { teamWith, uniqueEmail } from '../../../../test/app/identity-fixtures';
import { erasureKit } from '../../../../test/app/erasure-kit';
import { suiteWithApp } from '../../../../test/app/suite';

describe("erasure of an invitee's and a member's personal data: the team's records read [erased], the history stays", () => {
  const { t, sink } = suiteWithApp();
  const { db, call, erase, exported, verifyEqual } = erasureKit(t, sink);
  const signIn = (email: string, password: string) =>
    t.request<SuccessMessageResponse>('/api/auth/signin', { method: 'POST', body: { email, password } });
  const stored = async (where: string, parameter: string) =>
    ((await db().query(`SELECT data::text AS data FROM events WHERE ${where}`, [parameter])) as { data: string }[])
      .map((row) => row.data)
      .join('\n');
  const activity = (token: string) =>
    call<Page<TeamActivityEntry>>(token, 'GET', '/api/team/actions?size=100').then((page) => page.content);
  const trail = (token: string) =>
    call<Page<TeamAuditEntry>>(token, 'GET', '/api/team/audit?size=200').then((page) => page.content);

  const until = async <T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const value = await read();
      if (ok(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('erases invitees and a member (their account too), keeps every event and their ids, and the team works on', async () => {
    const team = await teamWith(t, sink, ['MEMBER']);
    const [member] = team.members;
    const admin = team.admin;
    const pending = uniqueEmail('pending.invitee');
    const withdrawn = uniqueEmail('withdrawn.invitee');
    await call(admin.token, 'PUT', '/api/invitation', { email: pending });
    const invited = await call<Team>(admin.token, 'PUT', '/api/invitation', { email: withdrawn });
    const withdrawnId = invited.invitations.find((invitation) => invitation.email === withdrawn)?.id as string;
    await call(admin.token, 'DELETE', `/api/invitation/${withdrawnId}`);
    // A rule assigns the billing email to the member: its explanation names them.
    await call(admin.token, 'POST', '/api/rules', {
      name: 'Billing',
      enabled: true,
      priority: null,
      matchMode: 'ALL',
      conditions: [{ field: 'FROM_EMAIL', operator: 'EQUALS', value: 'billing@example.net' }],
      actions: [{ type: 'ASSIGN_TO_USER', value: member.id, skipIfOnVacation: false }],
      suppressNotifications: false,
    });
    // The member is assigned an email: the assignment records their name.
    await call(admin.token, 'POST', '/api/emails/sample');
    const samples = (await call<Page<Email>>(admin.token, 'GET', '/api/emails?size=20')).content;
    const billing = samples.find((sample) => sample.fromEmail === 'billing@example.net') as Email;
    const email = samples.find((sample) => sample.fromEmail !== 'billing@example.net') as Email;
    const ruled = () =>
      until(
        () => call<EmailRulesExplanation>(admin.token, 'GET', `/api/emails/${billing.id}/rules`),
        (rules) => rules.evaluated,
      ).then((rules) => rules.matches.flatMap((match) => match.actions));
    expect((await ruled())[0]?.target).toEqual({ id: member.id, name: member.email, email: member.email });
    await call(admin.token, 'PUT', `/api/emails/${email.id}/assign`, { assignedTo: member.id });
    const assignment = async () =>
      (await call<EmailAction[]>(admin.token, 'GET', `/api/emails/${email.id}/actions`)).find(
        (action) => action.type === 'ASSIGN',
      );
    expect((await assignment())?.details).toMatchObject({ assignedTo: member.id, assignedToName: member.email });

    // The log never held the invitees' or the member's address in plain text.
    const teamEvents = () => stored(`data->>'teamId' = $1`, team.teamId);
    for (const address of [pending, withdrawn, member.email]) expect(await teamEvents()).not.toContain(address);
    expect(await stored('stream_id = $1', `user-${member.id}`)).not.toContain(member.email);
    expect(await stored('stream_id = $1', `email-${email.id}`)).not.toContain(member.email);
    const explanation = await stored(`type = 'EmailRuleApplied' AND stream_id = $1`, `email-${billing.id}`);
    expect(explanation).toContain(member.id);
    expect(explanation).not.toContain(member.email);
    expect((await activity(admin.token)).some((entry) => entry.details.email === pending)).toBe(true);

    // An invitee: the pending invitation, its activity entry and the audit trail read "[erased]".
    expect((await erase(admin.token, pending)).status).toBe(201);
    expect((await erase(admin.token, pending)).status).toBe(404);
    const teamNow = await call<Team>(admin.token, 'GET', '/api/team');
    expect(teamNow.invitations).toEqual([expect.objectContaining({ email: '[erased]', role: 'MEMBER' })]);
    // A withdrawn invitation: its entry and the entry of its deletion (which recalled the address) too.
    expect((await erase(admin.token, withdrawn)).status).toBe(201);
    const entries = await activity(admin.token);
    expect(entries.filter((entry) => entry.type === 'INVITATION_SENT').map((entry) => entry.details.email)).toEqual(
      expect.arrayContaining(['[erased]', '[erased]']),
    );
    expect(entries.find((entry) => entry.type === 'INVITATION_DELETED')?.details).toMatchObject({
      invitationId: withdrawnId,
      email: '[erased]',
    });

    // An ADMIN cannot erase their own account.
    const own = await erase(admin.token, admin.email);
    expect(own.status).toBe(400);
    expect(own.body.message).toBe('You cannot erase your own account; another admin of your team can.');

    // A member: the address in their invitation and their account.
    const actedBefore = (await trail(admin.token)).filter((entry) => entry.actorUserId === member.id);
    expect(actedBefore.length).toBeGreaterThan(0);
    const erased = await erase(admin.token, member.email.toUpperCase());
    expect(erased.status).toBe(201);
    expect((await erase(admin.token, member.email)).status).toBe(404);

    const members = await call<TeamMember[]>(admin.token, 'GET', '/api/team/members');
    expect(members.find((m) => m.id === member.id)).toEqual({
      id: member.id,
      name: '[erased]',
      email: '[erased]',
      role: 'MEMBER',
    });
    expect(JSON.stringify(members)).not.toContain(member.email);
    // The history of who did what: the same events, the same actor ids, the name "[erased]".
    const actedAfter = (await trail(admin.token)).filter((entry) => entry.actorUserId === member.id);
    expect(actedAfter.map((entry) => entry.eventId)).toEqual(actedBefore.map((entry) => entry.eventId));
    for (const entry of actedAfter) expect(entry.actorName).toBe('[erased]');
    expect((await activity(admin.token)).filter((entry) => entry.actorUserId === member.id).length).toBeGreaterThan(0);
    for (const entry of await activity(admin.token))
      if (entry.actorUserId === member.id) expect(entry.actorName).toBe('[erased]');
    // Their assignment: the action log, Team Activity and the email's history name them "[erased]", by the same id.
    expect((await assignment())?.details).toMatchObject({ assignedTo: member.id, assignedToName: '[erased]' });
    expect((await activity(admin.token)).find((entry) => entry.type === 'ASSIGN')?.details).toMatchObject({
      assignedTo: member.id,
      assignedToName: '[erased]',
    });
    const history = await call<EmailHistoryEntry[]>(admin.token, 'GET', `/api/emails/${email.id}/history`);
    expect(history.find((entry) => entry.type === 'EmailAssigned')?.change).toMatchObject({
      to: member.id,
      toName: '[erased]',
    });
    expect(JSON.stringify(history)).not.toContain(member.email);
    // The rule's explanation of the billing email names them "[erased]", by the same id; the rule stays as it is.
    expect((await ruled())[0]?.target).toEqual({ id: member.id, name: '[erased]', email: '[erased]' });
    const billingHistory = await call<EmailHistoryEntry[]>(admin.token, 'GET', `/api/emails/${billing.id}/history`);
    expect(JSON.stringify(billingHistory)).toContain('EmailRuleApplied');
    expect(JSON.stringify(billingHistory)).not.toContain(member.email);
    const rows = (await db().query(`SELECT row_to_json(u)::text AS row FROM users u WHERE id = $1`, [member.id])) as {
      row: string;
    }[];
    expect(rows[0].row).not.toContain(member.email);
    for (const format of ['csv', 'jsonl'] as const) {
      const text = await exported(admin.token, format);
      for (const address of [pending, withdrawn, member.email]) expect(text).not.toContain(address);
      expect(text).toContain('DataSubjectErased');
    }

    // The erased account can no longer sign in nor use its session; the search for it by address finds nothing.
    expect((await t.request('/api/loggedInUser', { token: member.token })).status).toBe(401);
    expect((await signIn(member.email, member.password)).status).toBe(401);
    expect((await signIn('[erased]', member.password)).status).toBeGreaterThanOrEqual(400);
    expect(await db().query('SELECT 1 FROM user_credential WHERE user_id = $1', [member.id])).toEqual([]);

    // Everyone else works on: the admin signs in and reads the team; a new invitation to the same address works.
    const again = await signIn(admin.email, admin.password);
    expect(again.status).toBe(200);
    expect((await t.request('/api/team', { token: again.body.message })).status).toBe(200);
    const reinvited = await call<Team>(admin.token, 'PUT', '/api/invitation', { email: pending });
    expect(reinvited.invitations.map((invitation) => invitation.email)).toContain(pending);

    // Rebuilt from zero without the keys, every read model equals the live one.
    await verifyEqual();
  });

  it("does not erase the account of a member of another team, only this team's record of the address", async () => {
    const first = await teamWith(t, sink, []);
    const second = await teamWith(t, sink, ['MEMBER']);
    const [member] = second.members;
    // The first team invited the same person, who joined the second team.
    await call(first.admin.token, 'PUT', '/api/invitation', { email: member.email });
    expect((await erase(first.admin.token, member.email)).status).toBe(201);
    const firstTeam = await call<Team>(first.admin.token, 'GET', '/api/team');
    expect(firstTeam.invitations.map((invitation) => invitation.email)).toEqual(['[erased]']);
    // The account and the second team's records are untouched.
    expect((await signIn(member.email, member.password)).status).toBe(200);
    const members = await call<TeamMember[]>(second.admin.token, 'GET', '/api/team/members');
    expect(members.find((m) => m.id === member.id)?.email).toBe(member.email);
  });
});
