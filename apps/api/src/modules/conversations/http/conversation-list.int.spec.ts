import { CommandBus } from '@nestjs/cqrs';
import type { CurrentUser, Email, EmailReceived, Page } from '@teaminbox/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../../../test/app/test-app';
import { readUntil } from '../../../../test/support/until';
import { ReceiveEmailCommand } from '../commands/receive-email/receive-email.command';
import { InboxEmailQueries, SEARCH_FEW_MATCHES } from '../queries/inbox-email.queries';

describe('the lists by conversation (view=conversations) and actions on a conversation (scope=conversation)', () => {
  let t: TestApp;
  let token: string;
  let me: CurrentUser;
  let teamId: string;

  async function userWithTeam(name: string) {
    const user = await t.signUp(name);
    expect((await t.request('/api/team', { method: 'PUT', token: user.token, body: `${name} team` })).status).toBe(200);
    const current = await t.request<CurrentUser>('/api/loggedInUser', { token: user.token });
    return { token: user.token, me: current.body };
  }

  /** Records a received email of the team (as the mailbox's ingestion does) and answers its id. */
  async function receive(
    subject: string,
    from: { name: string; email: string },
    messageId: string,
    receivedAt: string,
    inReplyTo?: string,
    team = teamId,
  ): Promise<string> {
    const emailId = randomUUID();
    const data: EmailReceived = {
      emailId,
      teamId: team,
      messageId,
      subject,
      fromName: from.name,
      fromEmail: from.email,
      to: ['support@example.com'],
      cc: [],
      text: `${subject} body`,
      html: null,
      receivedAt,
      priority: 'MEDIUM',
      status: 'NEW',
      inReplyTo: inReplyTo ?? null,
      references: inReplyTo ? [inReplyTo] : [],
    };
    await t.app.get(CommandBus).execute(new ReceiveEmailCommand(randomUUID(), { type: 'ReceiveEmail', data }));
    return emailId;
  }

  const list = async (path: string, as = token) => (await t.request<Page<Email>>(path, { token: as })).body;

  const carol = { name: 'Carol Customer', email: 'carol@customer.example' };
  const dan = { name: 'Dan Colleague', email: 'dan@customer.example' };
  const erin = { name: 'Erin Other', email: 'erin@other.example' };
  let first: string;
  let second: string;
  let third: string;
  let lone: string;

  beforeAll(async () => {
    t = await startTestApp();
    ({ token, me } = await userWithTeam('threads'));
    teamId = me.teamId ?? '';
    expect(teamId).toBeTruthy();
    // Thread A: three messages (Carol, Dan answering, Carol again); thread B: Erin's one message in between.
    first = await receive('Order 42', carol, '<a1@customer.example>', '2026-11-02T10:00:00.000Z');
    lone = await receive('Question', erin, '<b1@other.example>', '2026-11-02T10:30:00.000Z');
    second = await receive(
      'Re: Order 42',
      dan,
      '<a2@customer.example>',
      '2026-11-02T11:00:00.000Z',
      '<a1@customer.example>',
    );
    third = await receive(
      'Re: Order 42',
      carol,
      '<a3@customer.example>',
      '2026-11-02T09:00:00.000Z',
      '<a2@customer.example>',
    );
    // Wait until both the inbox and the threads have the four emails.
    await readUntil(
      () => list('/api/emails?view=conversations&size=50'),
      (page) => page.content.length === 2 && page.content.some((row) => row.conversation?.messageCount === 3),
    );
  }, 60_000);

  afterAll(() => t?.close());

  it('lists one row per conversation: its latest email, the message count and the senders, latest activity first', async () => {
    const page = await list('/api/emails?view=conversations&size=50');
    expect(page.totalElements).toBe(2);
    expect(page.content.map((row) => row.id)).toEqual([second, lone]);
    const [orders, question] = page.content;
    expect(orders.fromEmail).toBe(dan.email);
    expect(orders.body).toBe('Re: Order 42 body');
    expect(orders.conversation).toEqual({ id: first, messageCount: 3, participants: [dan, carol] });
    expect(question.conversation).toEqual({ id: lone, messageCount: 1, participants: [erin] });
    // The spec's call without view answers single emails, as before, without a conversation.
    const emails = await list('/api/emails?size=50');
    expect(emails.content.map((row) => row.id)).toEqual([second, lone, first, third]);
    expect(emails.content.every((row) => row.conversation === undefined)).toBe(true);
  });

  it('takes the row of a conversation from the emails matching the folder and filters', async () => {
    // Only Carol's first email is assigned: the conversation's row under that filter is it, counting the whole thread.
    expect(
      (await t.request(`/api/emails/${first}/assign`, { method: 'PUT', token, body: { assignedTo: me.id } })).status,
    ).toBe(200);
    const mine = await list('/api/emails/my-tasks?view=conversations');
    expect(mine.content.map((row) => [row.id, row.conversation?.messageCount])).toEqual([[first, 3]]);
    const assigned = await list(`/api/emails?view=conversations&assignee=${me.id}`);
    expect(assigned.content.map((row) => row.id)).toEqual([first]);
    const searched = await list('/api/emails?view=conversations&search=order');
    expect(searched.content.map((row) => row.id)).toEqual([second]);
    const searchedEverywhere = await list('/api/emails/search?view=conversations&search=question');
    expect(searchedEverywhere.content.map((row) => row.id)).toEqual([lone]);
    expect(
      (await t.request(`/api/emails/${first}/assign`, { method: 'PUT', token, body: { assignedTo: '' } })).status,
    ).toBe(200);
  });

  it('pages conversations with a total', async () => {
    const one = await list('/api/emails?view=conversations&size=1&page=1');
    expect(one.content.map((row) => row.id)).toEqual([lone]);
    expect(one.totalElements).toBe(2);
    expect(one.totalPages).toBe(2);
  });

  it('archives every email of the conversation with scope=conversation, each by its own event', async () => {
    const archived = await t.request<Email>(`/api/emails/${second}/archive?scope=conversation`, {
      method: 'PUT',
      token,
    });
    expect(archived.status).toBe(200);
    expect(archived.body.isArchived).toBe(true);
    const inbox = await list('/api/emails?size=50');
    expect(inbox.content.map((row) => row.id)).toEqual([lone]);
    const archive = await list('/api/emails?view=conversations&folder=archived');
    expect(archive.content.map((row) => [row.id, row.conversation?.messageCount])).toEqual([[second, 3]]);
    for (const id of [first, second, third]) {
      const history = await t.request<{ type: string }[]>(`/api/emails/${id}/history`, { token });
      expect(history.body.filter((entry) => entry.type === 'EmailArchived')).toHaveLength(1);
    }
    // Without a scope only the email named changes.
    expect((await t.request(`/api/emails/${first}/unarchive`, { method: 'PUT', token })).status).toBe(200);
    const back = await list('/api/emails?view=conversations&size=50');
    expect(back.content.map((row) => [row.id, row.conversation?.messageCount])).toEqual([
      [lone, 1],
      [first, 3],
    ]);
  });

  it("answers 404 for another team's email and refuses an unknown scope or view", async () => {
    const other = await userWithTeam('outsider');
    const res = await t.request(`/api/emails/${first}/archive?scope=conversation`, {
      method: 'PUT',
      token: other.token,
    });
    expect(res.status).toBe(404);
    expect((await t.request(`/api/emails/${third}`, { token })).body).toMatchObject({ isArchived: true });
    expect((await list('/api/emails?view=conversations', other.token)).content).toEqual([]);
    expect((await t.request(`/api/emails/${first}/archive?scope=thread`, { method: 'PUT', token })).status).toBe(400);
    expect((await t.request('/api/emails?view=threads', { token })).status).toBe(400);
  });

  describe('a rare word in the conversation view: its matches read first, then walked', () => {
    let rare: { token: string; me: CurrentUser };
    /** The conversation rows expected: the latest matching email of each conversation, latest first. */
    let inInbox: string[];
    let everywhere: string[];
    const queries = () => t.app.get(InboxEmailQueries);
    /** The walks a list sends (each numbers its rows), by whether they read the matches first. */
    let walks: string[];

    /** Pages of 2 of a search in the conversation view, with their totals, from page 0 until an empty one. */
    async function pages(path: string): Promise<[string[], number, number][]> {
      const answers: [string[], number, number][] = [];
      for (let page = 0; page < 5; page++) {
        const body = await list(`${path}?view=conversations&search=zephyrine&size=2&page=${page}`, rare.token);
        answers.push([body.content.map((row) => row.id), body.totalElements, body.totalPages]);
        if (body.content.length === 0) break;
      }
      return answers;
    }

    beforeAll(async () => {
      rare = await userWithTeam('rare');
      const team = rare.me.teamId ?? '';
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 5, 10, minute)).toISOString();
      const get = (subject: string, from: typeof carol, id: string, minute: number, inReplyTo?: string) =>
        receive(subject, from, `<${id}@rare.example>`, at(minute), inReplyTo && `<${inReplyTo}@rare.example>`, team);
      // Five conversations with the word among others without it; the second's latest answer does not have it, the
      // fifth is archived (only the quick search, every folder but spam, finds it).
      await get('Zephyrine order', carol, 'c1a', 0);
      await get('Unrelated', erin, 'n1', 1);
      const c2a = await get('Zephyrine refund', dan, 'c2a', 2);
      const c3a = await get('Zephyrine invoice', erin, 'c3a', 3);
      await get('Re: Zephyrine order', dan, 'c1b', 4, 'c1a');
      await get('Re: refund', carol, 'c2b', 5, 'c2a');
      await get('Zephyrine delivery', carol, 'c4a', 6);
      const c4b = await get('Re: Zephyrine delivery', dan, 'c4b', 7, 'c4a');
      const c5a = await get('Zephyrine archive', carol, 'c5a', 8);
      const c1c = await get('Re: Zephyrine order', carol, 'c1c', 9, 'c1b');
      await get('Unrelated again', erin, 'n2', 10);
      inInbox = [c1c, c4b, c3a, c2a];
      everywhere = [c1c, c5a, c4b, c3a, c2a];
      await readUntil(
        () => list('/api/emails/search?view=conversations&search=zephyrine&size=50', rare.token),
        (page) =>
          page.content.length === 5 &&
          page.content.every((row, index) => row.id === everywhere[index]) &&
          page.content[0].conversation?.messageCount === 3 &&
          page.content[2].conversation?.messageCount === 2,
      );
      expect((await t.request(`/api/emails/${c5a}/archive`, { method: 'PUT', token: rare.token })).status).toBe(200);
      await readUntil(
        () => list('/api/emails?view=conversations&search=zephyrine&size=50', rare.token),
        (page) => page.content.length === 4,
      );
    }, 60_000);

    beforeEach(() => {
      walks = [];
      const manager = t.app.get(DataSource).manager;
      const query = manager.query.bind(manager);
      jest.spyOn(manager, 'query').mockImplementation((sql, parameters) => {
        if (sql.includes('row_number()')) walks.push(sql.includes('MATERIALIZED') ? 'matches first' : 'list order');
        return query(sql, parameters);
      });
    });

    afterEach(() => {
      jest.restoreAllMocks();
      queries().fewSearchMatches = SEARCH_FEW_MATCHES;
    });

    it('answers the same pages, in the same order, with the same totals as the walk in list order', async () => {
      const inbox = await pages('/api/emails');
      const quick = await pages('/api/emails/search');
      expect(inbox).toEqual([
        [inInbox.slice(0, 2), 4, 2],
        [inInbox.slice(2, 4), 4, 2],
        [[], 4, 2],
      ]);
      expect(quick).toEqual([
        [everywhere.slice(0, 2), 5, 3],
        [everywhere.slice(2, 4), 5, 3],
        [everywhere.slice(4), 5, 3],
        [[], 5, 3],
      ]);
      expect(new Set(walks)).toEqual(new Set(['matches first']));
      // The walk in list order alone (no match is few enough) answers the same.
      walks = [];
      queries().fewSearchMatches = 0;
      expect(await pages('/api/emails')).toEqual(inbox);
      expect(await pages('/api/emails/search')).toEqual(quick);
      expect(new Set(walks)).toEqual(new Set(['matches first', 'list order']));
    });

    it('walks the matches when there are as many as the bound, and the list in its order when there is one more', async () => {
      // Seven emails of the inbox have the word (the archived one is not in it).
      const search = '/api/emails?view=conversations&search=zephyrine&size=3';
      queries().fewSearchMatches = 7;
      const atBound = await list(search, rare.token);
      expect(walks).toEqual(['matches first']);
      walks = [];
      queries().fewSearchMatches = 6;
      const overBound = await list(search, rare.token);
      expect(walks).toEqual(['matches first', 'list order']);
      for (const page of [atBound, overBound]) {
        expect(page.content.map((row) => [row.id, row.conversation?.messageCount])).toEqual([
          [inInbox[0], 3],
          [inInbox[1], 2],
          [inInbox[2], 1],
        ]);
        expect([page.totalElements, page.totalPages]).toEqual([4, 2]);
      }
    });
  });

  it('counts conversations up to 100 beyond the end of the page: the total grows as the pages go deeper', async () => {
    const many = await userWithTeam('many');
    const manyTeam = many.me.teamId ?? '';
    for (let i = 0; i < 103; i++) {
      const at = new Date(Date.UTC(2026, 10, 3, 10) + i * 60_000).toISOString();
      await receive(`Question ${i}`, erin, `<many-${i}@other.example>`, at, undefined, manyTeam);
    }
    await readUntil(
      () => list('/api/emails?size=1', many.token),
      (page) => page.totalElements === 103,
    );
    const first = await list('/api/emails?view=conversations&size=1', many.token);
    expect([first.totalElements, first.totalPages]).toEqual([101, 101]);
    const third = await list('/api/emails?view=conversations&size=1&page=2', many.token);
    expect([third.totalElements, third.totalPages]).toEqual([103, 103]);
  }, 60_000);
});
