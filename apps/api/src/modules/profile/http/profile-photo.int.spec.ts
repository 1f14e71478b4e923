import sharp from 'sharp';
import { DataSource } from 'typeorm';
import {
  type ClientSocket,
  connectSocket,
  type Person,
  person,
  teamWith,
} from '../../../../test/app/identity-fixtures';
import { startTestApp, type TestApp } from '../../../../test/app/test-app';
import { type SmtpSink, startSmtpSink } from '../../../../test/support/smtp-sink';

describe('profile photos (real PostgreSQL)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: Person;
  let member: Person;
  let outsider: Person;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ smtpUrl: sink.url });
    ({
      admin,
      members: [member],
    } = await teamWith(t, sink, ['MEMBER']));
    outsider = await person(t, 'outsider');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const png = (width: number, height: number, colour = { r: 10, g: 120, b: 200 }) =>
    sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .withMetadata({ exif: { IFD0: { Artist: 'Secret Author' } } })
      .toBuffer();

  async function upload(who: Person, content: Buffer, filename = 'me.png', field = 'file', type = 'image/png') {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(content)], { type }), filename);
    const res = await fetch(`${t.baseUrl}/api/user/profile-photo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as { success?: boolean; message: string } };
  }

  async function photo(who: Person, path = '') {
    const res = await fetch(`${t.baseUrl}/api/user/profile-photo${path}`, {
      headers: { authorization: `Bearer ${who.token}` },
    });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  }

  it('re-encodes an upload to a 256 px square without metadata, and shows it to the team by id and by email', async () => {
    const uploaded = await upload(member, await png(800, 600));
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({ success: true, message: 'Profile photo updated', userId: member.id });

    const own = await photo(member);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/webp');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(own.body).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 256, 256, undefined]);
    expect(own.body.includes(Buffer.from('Secret Author'))).toBe(false);

    const byId = await photo(admin, `/${member.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.equals(own.body)).toBe(true);
    const byEmail = await photo(admin, `/by-email/${encodeURIComponent(member.email.toUpperCase())}`);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.equals(own.body)).toBe(true);
  });

  it('tells the team’s open screens, and not another team’s, that a member has a new photo', async () => {
    const sockets: ClientSocket[] = [];
    try {
      const open = async (who: Person) => {
        const connected = await connectSocket(t, who.token);
        if (!('socket' in connected)) throw connected.error;
        sockets.push(connected.socket);
        const heard: string[] = [];
        connected.socket.on('team.person.photo-changed', (change: { userId: string }) => heard.push(change.userId));
        return heard;
      };
      const byAdmin = await open(admin);
      const byOutsider = await open(outsider);
      expect((await upload(member, await png(64, 64, { r: 200, g: 10, b: 10 }))).status).toBe(200);
      const deadline = Date.now() + 10_000;
      while (byAdmin.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      // The push rides an at-least-once subscription: a repeat is allowed, another person is not.
      const heard = (ids: string[]) => [...new Set(ids)];
      expect(heard(byAdmin)).toEqual([member.id]);
      // The outsider has no team: only their own uploads reach them.
      expect((await upload(outsider, await png(64, 64))).status).toBe(200);
      const later = Date.now() + 10_000;
      while (byOutsider.length === 0 && Date.now() < later) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard(byOutsider)).toEqual([outsider.id]);
      expect(heard(byAdmin)).toEqual([member.id]);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('answers 404 to anyone outside the team, for a user without a photo and for a bad id', async () => {
    expect((await photo(outsider, `/${member.id}`)).status).toBe(404);
    expect((await photo(outsider, `/by-email/${encodeURIComponent(member.email)}`)).status).toBe(404);
    expect((await photo(admin)).status).toBe(404);
    expect((await photo(member, `/${admin.id}`)).status).toBe(404);
    expect((await photo(member, '/not-a-uuid')).status).toBe(404);
    expect((await photo(member, '/by-email/nobody%40example.com')).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/api/user/profile-photo`)).status).toBe(401);
  });

  it('replaces the photo and deletes the old one', async () => {
    const before = await photo(member);
    expect((await upload(member, await png(300, 300, { r: 250, g: 10, b: 10 }))).status).toBe(200);
    const after = await photo(member);
    expect(after.body.equals(before.body)).toBe(false);
    const rows: { n: number }[] = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS n FROM profile_photo_content WHERE user_id = $1`, [member.id]);
    expect(rows[0].n).toBe(1);
  });

  it('refuses SVG, non-images, more than 5 MB, a wrong field and a non-multipart body with a clear 400, keeping the photo', async () => {
    const kept = await photo(member);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases: [Promise<{ status: number; body: { message: string } }>, string][] = [
      [upload(member, svg, 'x.svg', 'file', 'image/svg+xml'), 'SVG images are not accepted'],
      [upload(member, svg, 'x.png'), 'SVG images are not accepted'],
      [
        upload(member, Buffer.from('plain text, not a picture')),
        'The file is not a supported image (JPEG, PNG, WebP, GIF or AVIF)',
      ],
      [upload(member, Buffer.alloc(5 * 1024 * 1024 + 10, 7)), 'The photo is limited to 5 MB'],
      [upload(member, await png(50, 50), 'x.png', 'photo'), 'Choose an image file (form field "file")'],
    ];
    for (const [pending, message] of cases) {
      const res = await pending;
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const json = await t.request<{ message: string }>('/api/user/profile-photo', {
      method: 'POST',
      token: member.token,
      body: { file: 'x' },
    });
    expect([json.status, json.body.message]).toEqual([400, 'Choose an image file (form field "file")']);
    expect((await photo(member)).body.equals(kept.body)).toBe(true);
  });
});
