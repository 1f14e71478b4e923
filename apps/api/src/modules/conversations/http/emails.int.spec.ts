import type { CurrentUser, Email, EmailDetail, Page, SuccessMessageResponse } from '@teaminbox/contracts';
import { startTestApp, type TestApp } from '../../../../test/app/test-app';

describe('emails over HTTP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  async function userWithTeam(name: string) {
    const user = await t.signUp(name);
    const team = await t.request('/api/team', { method: 'PUT', token: user.token, body: `${name} team` });
    expect(team.status).toBe(200);
    const me = await t.request<CurrentUser>('/api/loggedInUser', { token: user.token });
    return { ...user, me: me.body };
  }

  it('refuses sample emails without a team and shows such a user an empty page', async () => {
    const { token } = await t.signUp('teamless');
    const res = await t.request<SuccessMessageResponse>('/api/emails/sample', { method: 'POST', token });
    expect(res.status).toBe(409);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/team/i);
    expect((await t.request('/api/emails', { token })).body).toEqual({ content: [], totalPages: 0, totalElements: 0 });
    expect((await t.request('/api/emails/unread/count', { token })).body).toBe(0);
  });

  it('creates sample emails that the very next read sees, newest first, paged', async () => {
    const { token, me } = await userWithTeam('alpha');
    expect((await t.request('/api/emails', { token })).body).toEqual({ content: [], totalPages: 0, totalElements: 0 });

    const created = await t.request<SuccessMessageResponse>('/api/emails/sample', { method: 'POST', token });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ success: true, message: 'Created 6 sample emails' });

    const all = await t.request<Page<Email>>('/api/emails?page=0&size=20', { token });
    expect(all.status).toBe(200);
    expect(all.body.totalElements).toBe(6);
    expect(all.body.totalPages).toBe(1);
    const received = all.body.content.map((email) => Date.parse(email.receivedAt));
    expect(received).toEqual([...received].sort((a, b) => b - a));
    for (const email of all.body.content) {
      expect(email).toMatchObject({ teamId: me.teamId, read: false, isArchived: false, isSpam: false, labels: [] });
    }
    // Lists carry a preview only; the detail has the sanitised HTML.
    expect(all.body.content.every((email) => email.htmlBody === null && email.body.length <= 200)).toBe(true);
    const details = await Promise.all(
      all.body.content.map((email) => t.request<EmailDetail>(`/api/emails/${email.id}`, { token })),
    );
    expect(details.some((detail) => detail.body.htmlBody)).toBe(true);
    expect(all.body.content.some((email) => email.fromName === null)).toBe(true);
    expect(new Set(all.body.content.map((email) => email.priority)).size).toBeGreaterThan(1);
    expect(new Set(all.body.content.map((email) => email.status)).size).toBeGreaterThan(1);
    const ageHours = (Date.now() - received[received.length - 1]) / 3_600_000;
    expect(ageHours).toBeGreaterThan(24 * 7);

    const page0 = await t.request<Page<Email>>('/api/emails?page=0&size=4', { token });
    const page1 = await t.request<Page<Email>>('/api/emails?page=1&size=4', { token });
    expect(page0.body.totalPages).toBe(2);
    expect(page0.body.content).toHaveLength(4);
    expect(page1.body.content).toHaveLength(2);
    expect([...page0.body.content, ...page1.body.content].map((e) => e.id)).toEqual(all.body.content.map((e) => e.id));

    expect((await t.request('/api/emails/unread/count', { token })).body).toBe(6);
    expect((await t.request<Page<Email>>('/api/emails?folder=unread', { token })).body.totalElements).toBe(6);
    for (const folder of ['archived', 'spam', 'my-tasks']) {
      expect((await t.request<Page<Email>>(`/api/emails?folder=${folder}`, { token })).body.totalElements).toBe(0);
    }
  });

  it('filters by status, priority and search', async () => {
    const { token } = await userWithTeam('filters');
    await t.request('/api/emails/sample', { method: 'POST', token });
    const all = (await t.request<Page<Email>>('/api/emails', { token })).body.content;

    const high = await t.request<Page<Email>>('/api/emails?priority=high', { token });
    expect(high.body.totalElements).toBe(all.filter((e) => e.priority === 'HIGH').length);
    expect(high.body.totalElements).toBeGreaterThan(0);

    const inProgress = await t.request<Page<Email>>('/api/emails?status=in_progress', { token });
    expect(inProgress.body.content.every((e) => e.status === 'IN_PROGRESS')).toBe(true);
    expect(inProgress.body.totalElements).toBe(all.filter((e) => e.status === 'IN_PROGRESS').length);

    const search = await t.request<Page<Email>>(`/api/emails?search=${encodeURIComponent('INVOICE')}`, { token });
    expect(search.body.totalElements).toBe(1);
    expect(search.body.content[0].subject).toMatch(/invoice/i);

    const percent = await t.request<Page<Email>>(`/api/emails?search=${encodeURIComponent('%')}`, { token });
    expect(percent.body.totalElements).toBe(0);
  });

  it('searches in web search syntax, every word as a prefix: phrases, or, -exclusion, nothing injected', async () => {
    const { token } = await userWithTeam('web-search');
    await t.request('/api/emails/sample', { method: 'POST', token });
    const subjects = async (search: string) =>
      (await t.request<Page<Email>>(`/api/emails?search=${encodeURIComponent(search)}`, { token })).body.content
        .map((e) => e.subject)
        .sort();

    expect(await subjects('invo')).toEqual(['Your invoice INV-2024-0311 is ready']);
    expect(await subjects('invoice or partnership')).toEqual([
      'Partnership proposal for the spring campaign',
      'Your invoice INV-2024-0311 is ready',
    ]);
    expect(await subjects('"annual plan"')).toEqual(['Question about the annual plan']);
    expect(await subjects('"plan annual"')).toEqual([]);
    expect(await subjects('"annu pla"')).toEqual(['Question about the annual plan']);
    expect(await subjects('invoice -ready')).toEqual([]);
    expect(await subjects('annual -invoice')).toEqual(['Question about the annual plan']);
    for (const hostile of ["invoice' | '", 'invoice:* & !(', "'') OR 1=1 --", '"unclosed', 'or', '-']) {
      const res = await t.request<Page<Email>>(`/api/emails?search=${encodeURIComponent(hostile)}`, { token });
      expect(res.status).toBe(200);
    }
    expect(await subjects("invoice' | '")).toEqual(['Your invoice INV-2024-0311 is ready']);
  });

  it('answers 400 on bad paging values', async () => {
    const { token } = await t.signUp('paging');
    for (const query of ['page=-1', 'size=0', 'size=1000', 'folder=outbox']) {
      const res = await t.request(`/api/emails?${query}`, { token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false });
    }
    for (const path of ['/api/emails/my-tasks', '/api/emails/search']) {
      for (const query of ['page=-1', 'page=x', 'size=0', 'size=101']) {
        const res = await t.request(`${path}?${query}&search=a`, { token });
        expect([path, query, res.status]).toEqual([path, query, 400]);
        expect(res.body).toMatchObject({ success: false });
      }
    }
  });

  it('refuses an unknown status or priority filter instead of listing everything', async () => {
    const { token } = await userWithTeam('unknown-filter');
    await t.request('/api/emails/sample', { method: 'POST', token });
    for (const path of ['/api/emails', '/api/emails/my-tasks']) {
      const status = await t.request<{ success: boolean; message: string }>(`${path}?status=done`, { token });
      expect(status.status).toBe(400);
      expect(status.body).toMatchObject({
        success: false,
        message: 'Unknown status: use one of NEW, IN_PROGRESS, RESOLVED, CLOSED',
      });
      const priority = await t.request<{ message: string }>(`${path}?priority=urgent`, { token });
      expect(priority.status).toBe(400);
      expect(priority.body.message).toBe('Unknown priority: use one of HIGH, MEDIUM, LOW');
    }
    // 'all' and a blank value are no filter.
    const all = await t.request<Page<Email>>('/api/emails?status=all&priority=', { token });
    expect(all.status).toBe(200);
    expect(all.body.totalElements).toBe(6);
  });

  it("lists My Tasks: the caller's own emails (archived ones too, spam not), paged, filtered by status, priority and search", async () => {
    const { token, me } = await userWithTeam('tasks');
    const other = await userWithTeam('tasks-other');
    await t.request('/api/emails/sample', { method: 'POST', token });
    await t.request('/api/emails/sample', { method: 'POST', token: other.token });
    const all = (await t.request<Page<Email>>('/api/emails', { token })).body.content;
    const none = await t.request<Page<Email>>('/api/emails/my-tasks', { token });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ content: [], totalPages: 0, totalElements: 0 });

    for (const email of all) {
      const assigned = await t.request(`/api/emails/${email.id}/assign`, {
        method: 'PUT',
        token,
        body: { assignedTo: me.id },
      });
      expect(assigned.status).toBe(200);
    }
    const [archived, spam] = all;
    await t.request(`/api/emails/${archived.id}/archive`, { method: 'PUT', token });
    await t.request(`/api/emails/${spam.id}/spam`, { method: 'PUT', token });
    const tasks = await t.request<Page<Email>>('/api/emails/my-tasks', { token });
    expect(tasks.body.totalElements).toBe(all.length - 1);
    expect(tasks.body.totalPages).toBe(1);
    expect(tasks.body.content.map((e) => e.id)).toContain(archived.id);
    expect(tasks.body.content.map((e) => e.id)).not.toContain(spam.id);
    expect(tasks.body.content.every((e) => e.assignedTo === me.id)).toBe(true);
    // Another user of another team sees none of them.
    expect((await t.request<Page<Email>>('/api/emails/my-tasks', { token: other.token })).body.totalElements).toBe(0);

    const paged = await t.request<Page<Email>>('/api/emails/my-tasks?page=1&size=2', { token });
    expect(paged.body.content).toHaveLength(2);
    expect(paged.body.totalPages).toBe(Math.ceil((all.length - 1) / 2));

    const mine = all.filter((e) => e.id !== spam.id);
    const high = await t.request<Page<Email>>('/api/emails/my-tasks?priority=HIGH', { token });
    expect(high.body.totalElements).toBe(mine.filter((e) => e.priority === 'HIGH').length);
    expect(high.body.content.every((e) => e.priority === 'HIGH')).toBe(true);
    const byStatus = await t.request<Page<Email>>(`/api/emails/my-tasks?status=${mine[0].status}`, { token });
    expect(byStatus.body.totalElements).toBe(mine.filter((e) => e.status === mine[0].status).length);
    const word = mine[1].subject.split(/\s+/).find((w) => /^[\p{L}]{4,}$/u.test(w))!;
    const searched = await t.request<Page<Email>>(`/api/emails/my-tasks?search=${encodeURIComponent(word)}`, {
      token,
    });
    expect(searched.body.content.map((e) => e.id)).toContain(mine[1].id);
  });

  it('refuses a label to add without its id and an assignee that is not a user id (400)', async () => {
    const { token } = await userWithTeam('bad-bodies');
    await t.request('/api/emails/sample', { method: 'POST', token });
    const [first] = (await t.request<Page<Email>>('/api/emails', { token })).body.content;
    const noLabel = await t.request<{ message: string }>(`/api/emails/${first.id}/labels`, {
      method: 'POST',
      token,
      body: { name: 'Important' },
    });
    expect(noLabel.status).toBe(400);
    expect(noLabel.body.message).toMatch(/A label must be selected/);
    const badUser = await t.request<{ message: string }>(`/api/emails/${first.id}/assign`, {
      method: 'PUT',
      token,
      body: { assignedTo: 'petr' },
    });
    expect(badUser.status).toBe(400);
    expect(badUser.body.message).toMatch(/Invalid user id/);
    const missing = await t.request(`/api/emails/${first.id}/assign`, { method: 'PUT', token, body: {} });
    expect(missing.status).toBe(400);
    expect((await t.request<Email>(`/api/emails/${first.id}`, { token })).body.assignedTo).toBeNull();
  });

  it("never shows one team's emails to another team", async () => {
    const a = await userWithTeam('tenant-a');
    const b = await userWithTeam('tenant-b');
    await t.request('/api/emails/sample', { method: 'POST', token: a.token });

    const seenByA = await t.request<Page<Email>>('/api/emails', { token: a.token });
    expect(seenByA.body.totalElements).toBe(6);
    for (const folder of ['inbox', 'unread', 'archived', 'spam', 'my-tasks']) {
      const seenByB = await t.request<Page<Email>>(`/api/emails?folder=${folder}&search=`, { token: b.token });
      expect(seenByB.body).toEqual({ content: [], totalPages: 0, totalElements: 0 });
    }
    expect((await t.request('/api/emails/unread/count', { token: b.token })).body).toBe(0);
    expect((await t.request('/api/emails', {})).status).toBe(401);
  });
});
