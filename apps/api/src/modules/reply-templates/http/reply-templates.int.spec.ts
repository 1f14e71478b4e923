import type { ReplyTemplate, ReplyTemplateChange, SuccessMessageResponse } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { type ClientSocket, connectSocket, person, teamWith } from '../../../../test/app/identity-fixtures';
import { suiteWithApp } from '../../../../test/app/suite';

type ErrorBody = { success: false; message: string };

describe('reply templates over HTTP', () => {
  const sockets: ClientSocket[] = [];
  const { t, sink } = suiteWithApp({ sockets });

  const create = (token: string, body: unknown) =>
    t.request<ReplyTemplate & ErrorBody>('/api/reply-templates', { method: 'POST', token, body });
  const list = async (token: string) => (await t.request<ReplyTemplate[]>('/api/reply-templates', { token })).body;

  it('creates, lists, updates and deletes the team’s templates; every member shares them', async () => {
    const { admin, members } = await teamWith(t, sink, ['MEMBER']);
    const [member] = members;
    expect(await list(admin.token)).toEqual([]);

    const html = '<p>Hello <b>{name}</b></p><script>alert(1)</script>';
    const created = await create(admin.token, {
      id: 'ignored',
      teamId: 'ignored',
      name: '  Welcome ',
      subject: 'Re: your question',
      body: 'Hello',
      htmlBody: html,
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Welcome',
      subject: 'Re: your question',
      body: 'Hello',
      htmlBody: html,
    });
    const minimal = await create(member.token, { name: 'Apology' });
    expect(minimal.body).toMatchObject({ name: 'Apology', subject: '', body: '', htmlBody: '' });
    expect((await list(member.token)).map((x) => x.name)).toEqual(['Apology', 'Welcome']);

    const updated = await t.request<ReplyTemplate>(`/api/reply-templates/${created.body.id}`, {
      method: 'PUT',
      token: member.token,
      body: { ...created.body, subject: 'Re: {subject}', htmlBody: null },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...created.body, subject: 'Re: {subject}', htmlBody: '' });
    expect((await list(admin.token)).find((x) => x.id === created.body.id)).toEqual(updated.body);

    const deleted = await t.request<SuccessMessageResponse>(`/api/reply-templates/${minimal.body.id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Reply template deleted' });
    expect((await list(admin.token)).map((x) => x.id)).toEqual([created.body.id]);
    const again = await t.request<ErrorBody>(`/api/reply-templates/${minimal.body.id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Reply template not found');
    const gone = await t.request(`/api/reply-templates/${minimal.body.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { name: 'Back' },
    });
    expect(gone.status).toBe(404);
  });

  it('tells the team’s open sockets of each change once the list a form reads again already shows it', async () => {
    const { admin, members } = await teamWith(t, sink, ['MEMBER']);
    const [member] = members;
    const connected = await connectSocket(t, member.token);
    if (!('socket' in connected)) throw connected.error;
    sockets.push(connected.socket);
    // What the list held at the moment each push arrived: a reply form reads the list again when it hears one.
    const heard: { change: ReplyTemplateChange; names: string[] }[] = [];
    connected.socket.on('team.reply-template.changed', (change: ReplyTemplateChange) => {
      void list(member.token).then((templates) => heard.push({ change, names: templates.map((x) => x.name) }));
    });
    const hearing = async (count: number) => {
      const deadline = Date.now() + 10_000;
      while (heard.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toHaveLength(count);
    };

    const created = await create(admin.token, { name: 'Shipping' });
    await hearing(1);
    await t.request(`/api/reply-templates/${created.body.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { name: 'Shipping today' },
    });
    await hearing(2);
    await t.request(`/api/reply-templates/${created.body.id}`, { method: 'DELETE', token: admin.token });
    await hearing(3);

    expect(heard.map((x) => x.change.kind)).toEqual(['saved', 'saved', 'deleted']);
    expect(heard.map((x) => x.names)).toEqual([['Shipping'], ['Shipping today'], []]);
  });

  it('keeps each change as an event on the template’s stream with the actor and team in its metadata', async () => {
    const { admin, teamId } = await teamWith(t, sink, []);
    const created = await create(admin.token, { name: 'Audit', body: 'v1' });
    await t.request(`/api/reply-templates/${created.body.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { name: 'Audit', body: 'v2' },
    });
    await t.request(`/api/reply-templates/${created.body.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { name: 'Audit', body: 'v2' },
    });
    await t.request(`/api/reply-templates/${created.body.id}`, { method: 'DELETE', token: admin.token });
    const rows: { type: string; actor: string; team: string }[] = await t.app.get(DataSource).query(
      `SELECT type, metadata->>'actorUserId' AS actor, metadata->>'teamId' AS team FROM events
          WHERE stream_id = $1 ORDER BY stream_version`,
      [`template-${created.body.id}`],
    );
    expect(rows).toEqual(
      ['ReplyTemplateCreated', 'ReplyTemplateUpdated', 'ReplyTemplateDeleted'].map((type) => ({
        type,
        actor: admin.id,
        team: teamId,
      })),
    );
  });

  it('refuses invalid templates with 400 and a clear message', async () => {
    const { admin } = await teamWith(t, sink, []);
    const cases: [unknown, string][] = [
      [{}, 'Please enter a template name'],
      [{ name: '   ' }, 'Please enter a template name'],
      [{ name: 42 }, 'Please enter a template name'],
      [{ name: 'x'.repeat(201) }, 'The template name is limited to 200 characters'],
      [{ name: 'Long subject', subject: 's'.repeat(999) }, 'The subject is limited to 998 characters'],
      [{ name: 'Long body', body: 'b'.repeat(100_001) }, 'The template body is limited to 100 kB'],
      [{ name: 'Long HTML', htmlBody: 'h'.repeat(100_001) }, 'The HTML body is limited to 100 kB'],
    ];
    for (const [body, message] of cases) {
      const res = await create(admin.token, body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const limits = await create(admin.token, {
      name: 'n'.repeat(200),
      subject: 's'.repeat(998),
      body: 'b'.repeat(100_000),
      htmlBody: 'h'.repeat(100_000),
    });
    expect(limits.status).toBe(200);
    const created = await create(admin.token, { name: 'Valid' });
    const blank = await t.request<ErrorBody>(`/api/reply-templates/${created.body.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { name: '' },
    });
    expect([blank.status, blank.body.message]).toEqual([400, 'Please enter a template name']);
    expect((await list(admin.token)).map((x) => x.name)).toEqual(['n'.repeat(200), 'Valid']);
  });

  it('never shows or changes another team’s templates; malformed ids answer 404 too', async () => {
    const mine = await teamWith(t, sink, []);
    const other = await teamWith(t, sink, []);
    const secret = (await create(other.admin.token, { name: 'Secret', body: 'Their secret text' })).body;
    const token = mine.admin.token;
    expect(await list(token)).toEqual([]);
    for (const [method, path, body] of [
      ['PUT', `/api/reply-templates/${secret.id}`, { name: 'Hijacked' }],
      ['DELETE', `/api/reply-templates/${secret.id}`, undefined],
      ['PUT', '/api/reply-templates/not-a-uuid', { name: 'Nothing' }],
      ['DELETE', '/api/reply-templates/not-a-uuid', undefined],
      ['DELETE', '/api/reply-templates/00000000-0000-7000-8000-000000000000', undefined],
    ] as const) {
      const res = await t.request<ErrorBody>(path, { method, token, body });
      expect([method, path, res.status, res.body.message]).toEqual([method, path, 404, 'Reply template not found']);
      expect(JSON.stringify(res.body)).not.toContain('Their secret');
    }
    expect(await list(other.admin.token)).toEqual([secret]);
  });

  it('answers a user without a team like the labels API does', async () => {
    const loner = await person(t, 'loner');
    const labels = await t.request<ErrorBody>('/api/email-labels', { token: loner.token });
    for (const [method, path, body] of [
      ['GET', '/api/reply-templates', undefined],
      ['POST', '/api/reply-templates', { name: 'Mine' }],
      ['PUT', '/api/reply-templates/00000000-0000-7000-8000-000000000000', { name: 'Mine' }],
      ['DELETE', '/api/reply-templates/00000000-0000-7000-8000-000000000000', undefined],
    ] as const) {
      const res = await t.request<ErrorBody>(path, { method, token: loner.token, body });
      expect([path, res.status]).toEqual([path, labels.status]);
      expect(res.body.message).toBe('Create a team first: reply templates belong to a team.');
    }
    expect(labels.status).toBe(409);
  });

  it('requires a signed-in caller', async () => {
    expect((await t.request('/api/reply-templates')).status).toBe(401);
    expect((await t.request('/api/reply-templates', { method: 'POST', body: { name: 'x' } })).status).toBe(401);
  });
});
