import type { Email, EmailAction, EmailChange, EmailDetail, Label, Page } from '@teaminbox/contracts';
import {
  type ClientSocket,
  connectSocket,
  teamWith,
  teamWithSampleEmails,
} from '../../../../test/app/identity-fixtures';
import { suiteWithApp } from '../../../../test/app/suite';
import { readUntil } from '../../../../test/support/until';

describe('working on emails over HTTP: read state, archive, spam, assignment, labels, action log', () => {
  const sockets: ClientSocket[] = [];
  const { t, sink } = suiteWithApp({ sockets });

  const teamWithEmails = () => teamWithSampleEmails(t, sink);
  const list = async (token: string, query: string) =>
    (await t.request<Page<Email>>(`/api/emails?${query}`, { token })).body;

  it('marks read and unread, archives and spams once each, and every folder follows', async () => {
    const { admin, emails } = await teamWithEmails();
    const [first] = emails;
    const token = admin.token;
    const unreadBefore = (await t.request<number>('/api/emails/unread/count', { token })).body;

    const read = await t.request<Email>(`/api/emails/${first.id}/read`, { method: 'PUT', token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: first.id, read: true, readBy: admin.id });
    expect((await t.request<number>('/api/emails/unread/count', { token })).body).toBe(unreadBefore - 1);
    expect((await list(token, 'folder=unread')).content.map((e) => e.id)).not.toContain(first.id);
    expect((await list(token, 'unread=true')).content.map((e) => e.id)).not.toContain(first.id);
    const again = await t.request<Email>(`/api/emails/${first.id}/read`, { method: 'PUT', token });
    expect(again.body.readAt).toBe(read.body.readAt);
    expect((await t.request<Email>(`/api/emails/${first.id}/unread`, { method: 'PUT', token })).body.read).toBe(false);

    expect((await t.request<Email>(`/api/emails/${first.id}/archive`, { method: 'PUT', token })).body.isArchived).toBe(
      true,
    );
    expect((await list(token, 'folder=inbox')).content.map((e) => e.id)).not.toContain(first.id);
    expect((await list(token, 'folder=archived')).content.map((e) => e.id)).toEqual([first.id]);
    await t.request(`/api/emails/${first.id}/unarchive`, { method: 'PUT', token });
    await t.request(`/api/emails/${first.id}/spam`, { method: 'PUT', token });
    expect((await list(token, 'folder=spam')).content.map((e) => e.id)).toEqual([first.id]);
    expect((await list(token, 'folder=inbox')).content.map((e) => e.id)).not.toContain(first.id);
    await t.request(`/api/emails/${first.id}/not-spam`, { method: 'PUT', token });
    expect((await list(token, 'folder=inbox')).content.map((e) => e.id)).toContain(first.id);

    const log = await t.request<EmailAction[]>(`/api/emails/${first.id}/actions`, { token });
    expect(log.body.map((a) => a.type)).toEqual(['ARCHIVED', 'UNARCHIVED', 'SPAM', 'NOT_SPAM']);
    expect(log.body[0]).toMatchObject({ actorUserId: admin.id, actorEmail: admin.email });
  });

  it('pushes a wake-up as woken (lists show it on top), and a snooze or other change without it', async () => {
    const { admin, members, emails } = await teamWithEmails();
    const [first] = emails;
    const connected = await connectSocket(t, members[0].token);
    if (!('socket' in connected)) throw connected.error;
    sockets.push(connected.socket);
    const changes: EmailChange[] = [];
    connected.socket.on('team.email.updated', (change: EmailChange) => changes.push(change));
    const until = new Date(Date.now() + 60_000).toISOString();
    const token = admin.token;
    expect((await t.request(`/api/emails/${first.id}/snooze`, { method: 'PUT', token, body: { until } })).status).toBe(
      200,
    );
    await readUntil(
      async () => changes,
      (pushed) => pushed.some((change) => change.snoozedUntil === until),
      5000,
    );
    expect((await t.request(`/api/emails/${first.id}/snooze`, { method: 'DELETE', token })).status).toBe(200);
    const pushed = await readUntil(
      async () => changes,
      (all) => all.some((change) => change.snoozedUntil === null),
      5000,
    );
    expect(pushed.map(({ snoozedUntil, woken }) => ({ snoozedUntil, woken }))).toEqual([
      { snoozedUntil: until, woken: undefined },
      { snoozedUntil: null, woken: true },
    ]);
  });

  it('assigns to members only, unassigns with an empty id, filters by assignee, logs and pushes it live', async () => {
    const { admin, members, emails } = await teamWithEmails();
    const [member] = members;
    const [first, second] = emails;
    const connected = await connectSocket(t, member.token);
    if (!('socket' in connected)) throw connected.error;
    sockets.push(connected.socket);
    const pushed = new Promise<EmailChange>((resolve) => connected.socket.on('team.email.updated', resolve));

    const assigned = await t.request<Email>(`/api/emails/${first.id}/assign`, {
      method: 'PUT',
      token: admin.token,
      body: { assignedTo: member.id },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.assignedTo).toBe(member.id);
    expect(await pushed).toMatchObject({ id: first.id, assignedTo: member.id, actorUserId: admin.id });

    await t.request(`/api/emails/${second.id}/assign`, {
      method: 'PUT',
      token: member.token,
      body: { assignedTo: member.id },
    });
    expect((await list(member.token, 'folder=my-tasks')).content.map((e) => e.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    expect((await list(member.token, 'assignee=me')).totalElements).toBe(2);
    expect((await list(admin.token, `assignee=${member.id}`)).totalElements).toBe(2);
    expect((await list(admin.token, 'assignee=unassigned')).totalElements).toBe(emails.length - 2);
    const tasks = await t.request<Page<Email>>('/api/emails/my-tasks?size=20', { token: member.token });
    expect(tasks.body.totalElements).toBe(2);

    const stranger = await teamWith(t, sink, []);
    const notMember = await t.request<{ message: string }>(`/api/emails/${first.id}/assign`, {
      method: 'PUT',
      token: admin.token,
      body: { assignedTo: stranger.admin.id },
    });
    expect(notMember.status).toBe(400);
    expect(notMember.body.message).toBe('The user is not a member of your team');

    const cleared = await t.request<Email>(`/api/emails/${first.id}/assign`, {
      method: 'PUT',
      token: admin.token,
      body: { assignedTo: '' },
    });
    expect(cleared.body.assignedTo).toBeNull();
    const log = (await t.request<EmailAction[]>(`/api/emails/${first.id}/actions`, { token: member.token })).body;
    expect(log.map((a) => a.type)).toEqual(['ASSIGN', 'UNASSIGN']);
    expect(log[0].details).toMatchObject({ assignedTo: member.id });
  });

  it('adds and removes labels of the team, filters by label, and a deleted label leaves every email', async () => {
    const { admin, emails } = await teamWithEmails();
    const token = admin.token;
    const labels = (await t.request<Label[]>('/api/email-labels/initialize', { method: 'POST', token })).body;
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.every((l) => l.isDefault)).toBe(true);
    expect((await t.request<Label[]>('/api/email-labels/initialize', { method: 'POST', token })).body).toHaveLength(
      labels.length,
    );
    const custom = await t.request<Label>('/api/email-labels', {
      method: 'POST',
      token,
      body: { name: 'Invoices 2026', color: 'info', backgroundColor: 'solid' },
    });
    expect(custom.status).toBe(200);
    expect((await t.request('/api/email-labels', { method: 'POST', token, body: { name: '  ' } })).body).toMatchObject({
      message: 'Please enter a label name',
    });
    const duplicate = await t.request('/api/email-labels', { method: 'POST', token, body: { name: 'invoices 2026' } });
    expect(duplicate.status).toBe(409);
    const undeletable = await t.request<{ message: string }>(`/api/email-labels/${labels[0].id}`, {
      method: 'DELETE',
      token,
    });
    expect(undeletable.status).toBe(400);
    expect(undeletable.body.message).toBe('Cannot delete default labels');
    expect((await t.request<Label[]>('/api/email-labels/user', { token })).body.map((l) => l.name)).toEqual([
      'Invoices 2026',
    ]);

    const [first] = emails;
    const labelled = await t.request<Email>(`/api/emails/${first.id}/labels`, {
      method: 'POST',
      token,
      body: custom.body,
    });
    expect(labelled.body.labels).toEqual([custom.body.id]);
    expect((await list(token, `label=${custom.body.id}`)).content.map((e) => e.id)).toEqual([first.id]);
    const log = (await t.request<EmailAction[]>(`/api/emails/${first.id}/actions`, { token })).body;
    expect(log.map((a) => [a.type, a.details.labelName])).toEqual([['LABEL_ADDED', 'Invoices 2026']]);

    expect((await t.request(`/api/email-labels/${custom.body.id}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await t.request<EmailDetail>(`/api/emails/${first.id}`, { token })).body.labels).toEqual([]);
    const gone = await t.request(`/api/emails/${first.id}/labels`, { method: 'POST', token, body: custom.body });
    expect(gone.status).toBe(404);
  });

  it('never reveals or changes another team’s emails and labels; malformed ids answer 404', async () => {
    const mine = await teamWithEmails();
    const other = await teamWithEmails();
    const theirs = other.emails[0];
    const theirLabel = (
      await t.request<Label>('/api/email-labels', {
        method: 'POST',
        token: other.admin.token,
        body: { name: 'Secret' },
      })
    ).body;
    const token = mine.admin.token;
    for (const [method, path] of [
      ['GET', `/api/emails/${theirs.id}`],
      ['PUT', `/api/emails/${theirs.id}/archive`],
      ['PUT', `/api/emails/${theirs.id}/read`],
      ['GET', `/api/emails/${theirs.id}/actions`],
      ['GET', '/api/emails/not-a-uuid'],
      ['PUT', '/api/emails/not-a-uuid/spam'],
      ['DELETE', `/api/email-labels/${theirLabel.id}`],
    ] as const) {
      const res = await t.request<{ message: string }>(path, { method, token });
      expect([path, res.status]).toEqual([path, 404]);
      expect(JSON.stringify(res.body)).not.toContain(theirs.subject);
    }
    const foreignLabel = await t.request(`/api/emails/${mine.emails[0].id}/labels`, {
      method: 'POST',
      token,
      body: theirLabel,
    });
    expect(foreignLabel.status).toBe(404);
    expect((await t.request(`/api/email-labels?teamId=${other.teamId}`, { token })).status).toBe(404);
    expect((await list(token, `label=${theirLabel.id}`)).totalElements).toBe(0);
    expect(
      (await t.request<EmailDetail>(`/api/emails/${theirs.id}`, { token: other.admin.token })).body.isArchived,
    ).toBe(false);
  });

  it('answers the detail with sanitized HTML, the mute state per user and the assignee’s name', async () => {
    const { admin, members, emails } = await teamWithEmails();
    const withHtml = emails.find((e) => e.htmlBody) ?? emails[0];
    const muted = await t.request(`/api/emails/${withHtml.id}/notifications/mute`, {
      method: 'PUT',
      token: admin.token,
    });
    expect(muted.status).toBe(200);
    await t.request(`/api/emails/${withHtml.id}/assign`, {
      method: 'PUT',
      token: admin.token,
      body: { assignedTo: members[0].id },
    });
    const detail = (await t.request<EmailDetail>(`/api/emails/${withHtml.id}`, { token: admin.token })).body;
    expect(detail).toMatchObject({ id: withHtml.id, muted: true, direction: 'incoming', assignedTo: members[0].id });
    expect(detail.assignedToName).toBeTruthy();
    expect(detail.htmlBody ?? '').not.toMatch(/<script/i);
    expect((await t.request<EmailDetail>(`/api/emails/${withHtml.id}`, { token: members[0].token })).body.muted).toBe(
      false,
    );
    await t.request(`/api/emails/${withHtml.id}/notifications/unmute`, { method: 'PUT', token: admin.token });
    expect((await t.request<EmailDetail>(`/api/emails/${withHtml.id}`, { token: admin.token })).body.muted).toBe(false);
  });

  it('searches every folder but spam for the quick search, and a blank search finds nothing', async () => {
    const { admin, emails } = await teamWithEmails();
    const target = emails[0];
    const word = target.subject.split(' ').find((w) => w.length > 3) ?? target.subject;
    await t.request(`/api/emails/${target.id}/archive`, { method: 'PUT', token: admin.token });
    const found = await t.request<Page<Email>>(`/api/emails/search?search=${encodeURIComponent(word)}`, {
      token: admin.token,
    });
    expect(found.body.content.map((e) => e.id)).toContain(target.id);
    expect(found.body.content.length).toBeLessThanOrEqual(5);
    expect((await t.request<Page<Email>>('/api/emails/search?search=%20', { token: admin.token })).body).toEqual({
      content: [],
      totalPages: 0,
      totalElements: 0,
    });
  });

  it('searches subject, body and sender by word prefixes, with Czech diacritics', async () => {
    const { admin, emails } = await teamWithEmails();
    const token = admin.token;
    const target = emails[0];
    const find = async (search: string) =>
      (await t.request<Page<Email>>(`/api/emails?search=${encodeURIComponent(search)}`, { token })).body.content.map(
        (e) => e.id,
      );
    const firstWord = target.subject.split(/\s+/).find((w) => /^[\p{L}]{4,}$/u.test(w))!;
    expect(await find(firstWord.slice(0, 3).toUpperCase())).toContain(target.id);
    expect(await find(target.fromEmail.split('@')[0])).toContain(target.id);
    expect(await find(target.fromEmail)).toContain(target.id);
    const bodyWord = target.body.split(/\s+/).find((w) => /^[\p{L}]{5,}$/u.test(w))!;
    expect(await find(bodyWord)).toContain(target.id);
    expect(await find('zzzznothing')).toEqual([]);
  });
});
