import type { CurrentUser, Email, EmailAttachment, EmailDetail, Page } from '@teaminbox/contracts';
import { Clock } from '../../../platform/auth/clock';
import { startTestApp, type TestApp } from '../../../../test/app/test-app';
import { MessageIngestion } from '../../mail/infrastructure/imap/message-ingestion';
import { InlineUrlSigner } from '../domain/inline-url-signer';
import { readUntil } from '../../../../test/support/until';

const until = <T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 10_000) =>
  readUntil(read, ok, timeoutMs);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n% binary \u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<<>>\nendobj\n', 'latin1');
const HTML_FILE = '<html><body><script>alert(document.cookie)</script></body></html>';
const SVG_FILE = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="5"/></svg>';

const base64Lines = (content: Buffer) => content.toString('base64').replace(/.{1,76}/g, '$&\r\n');

const message = [
  'From: Alice <alice@example.com>',
  'To: support@example.com',
  'Subject: Invoice with logo',
  'Message-ID: <invoice-1@example.com>',
  'Date: Tue, 3 Nov 2026 09:30:00 +0000',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="mixed"',
  '',
  '--mixed',
  'Content-Type: multipart/related; boundary="related"',
  '',
  '--related',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<p>Dear customer,</p><p><img src="cid:logo.1@example.com" alt="logo"><img src="https://tracker.example/open.gif"></p>',
  '--related',
  'Content-Type: image/png; name="logo.png"',
  'Content-ID: <logo.1@example.com>',
  'Content-Disposition: inline; filename="logo.png"',
  'Content-Transfer-Encoding: base64',
  '',
  base64Lines(PNG),
  '--related--',
  '--mixed',
  'Content-Type: application/pdf; name="=?utf-8?Q?Faktura_=C4=8D=2E_1.pdf?="',
  "Content-Disposition: attachment; filename*=utf-8''Faktura%20%C4%8D.%201.pdf",
  'Content-Transfer-Encoding: base64',
  '',
  base64Lines(PDF),
  '--mixed',
  'Content-Type: text/html; name="page.html"',
  'Content-Disposition: attachment; filename="page.html"',
  '',
  HTML_FILE,
  '--mixed',
  'Content-Type: image/svg+xml; name="shape.svg"',
  'Content-ID: <shape@example.com>',
  'Content-Disposition: inline; filename="shape.svg"',
  '',
  SVG_FILE,
  '--mixed--',
  '',
].join('\r\n');

describe('attachments over HTTP', () => {
  let t: TestApp;
  let owner: { token: string; teamId: string };
  let stranger: { token: string };
  let email: Email;
  const byName = (name: string) => email.attachments.find((a) => a.filename === name) as EmailAttachment;

  async function userWithTeam(name: string) {
    const user = await t.signUp(name);
    expect((await t.request('/api/team', { method: 'PUT', token: user.token, body: `${name} team` })).status).toBe(200);
    const me = await t.request<CurrentUser>('/api/loggedInUser', { token: user.token });
    return { ...user, teamId: me.body.teamId as string };
  }

  beforeAll(async () => {
    t = await startTestApp();
    const alpha = await userWithTeam('alpha');
    owner = alpha;
    stranger = await userWithTeam('beta');
    await t.app
      .get(MessageIngestion)
      .ingest(alpha.teamId, 'INBOX', 1n, [{ uid: 1, source: Buffer.from(message, 'utf8'), internalDate: null }]);
    const page = await until(
      async () => (await t.request<Page<Email>>('/api/emails', { token: owner.token })).body,
      (body) => body.content.length === 1,
    );
    email = page.content[0];
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  it('lists the parts with their Content-ID and inline flag', () => {
    expect(email.subject).toBe('Invoice with logo');
    expect(byName('logo.png')).toMatchObject({
      contentType: 'image/png',
      contentId: 'logo.1@example.com',
      inline: true,
    });
    expect(byName('Faktura č. 1.pdf')).toMatchObject({
      contentType: 'application/pdf',
      inline: false,
      size: PDF.length,
    });
    expect(byName('page.html')).toMatchObject({ contentType: 'text/html', inline: false });
    expect(byName('shape.svg')).toMatchObject({ contentType: 'image/svg+xml', contentId: 'shape@example.com' });
  });

  it('downloads the exact bytes with type, length, a safe disposition and nosniff', async () => {
    const pdf = byName('Faktura č. 1.pdf');
    const res = await fetch(`${t.baseUrl}/api/attachments/${pdf.id}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe(String(PDF.length));
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Faktura c. 1.pdf"; filename*=UTF-8''Faktura%20%C4%8D.%201.pdf`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it.each([['page.html'], ['shape.svg']])('serves %s as an opaque download, never as a document', async (name) => {
    const attachment = byName(name);
    const res = await fetch(`${t.baseUrl}/api/attachments/${attachment.id}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${name}"`));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(await res.text()).toBe(name === 'page.html' ? HTML_FILE : SVG_FILE);
  });

  it('answers 404 for another team, a user without a team, an unknown or malformed id, and 401 without a token', async () => {
    const pdf = byName('Faktura č. 1.pdf');
    const foreign = await t.request(`/api/attachments/${pdf.id}`, { token: stranger.token });
    const unknown = await t.request('/api/attachments/0193a0a0-0000-7000-8000-0000000000ff', { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect(JSON.stringify(foreign.body)).not.toMatch(/Faktura|pdf/i);
    const teamless = await t.signUp('teamless');
    expect((await t.request(`/api/attachments/${pdf.id}`, { token: teamless.token })).status).toBe(404);
    expect((await t.request('/api/attachments/not-a-uuid', { token: owner.token })).status).toBe(404);
    expect((await t.request(`/api/attachments/${pdf.id}`)).status).toBe(401);
  });

  it('serves the cid: image of the prepared body through its signed URL without a bearer token', async () => {
    // The body was sanitised once at ingestion; the detail resolves its inline image to a signed URL.
    const prepared = (await t.request<EmailDetail>(`/api/emails/${email.id}`, { token: owner.token })).body;
    expect(prepared.htmlBody).not.toContain('__inline__');
    expect(prepared.remoteImages).toBe(1);
    expect(prepared.htmlBody).toContain('data-remote-src="https://tracker.example/open.gif"');
    const src = /<img alt="logo" src="([^"]+)"/.exec(prepared.htmlBody ?? '')?.[1].replace(/&amp;/g, '&');
    expect(src).toMatch(new RegExp(`^/api/attachments/${byName('logo.png').id}/inline\\?exp=\\d+&sig=`));

    const res = await fetch(t.baseUrl + src);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(PNG.length));
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="logo.png"/);
  });

  it('refuses an invalid, foreign or expired signature with 403 and non-images with 404', async () => {
    const signer = t.app.get(InlineUrlSigner);
    const logo = byName('logo.png');
    const { exp, sig } = signer.sign(logo.id);
    const inline = (id: string, query: string) => fetch(`${t.baseUrl}/api/attachments/${id}/inline${query}`);

    expect((await inline(logo.id, '')).status).toBe(403);
    expect((await inline(logo.id, `?exp=${exp}&sig=${'A'.repeat(43)}`)).status).toBe(403);
    expect((await inline(logo.id, `?exp=${exp + 300}&sig=${sig}`)).status).toBe(403);
    const pdf = byName('Faktura č. 1.pdf');
    expect((await inline(pdf.id, `?exp=${exp}&sig=${sig}`)).status).toBe(403);

    const pdfUrl = signer.inlineUrl(pdf.id);
    expect((await fetch(t.baseUrl + pdfUrl)).status).toBe(404);
    expect((await fetch(t.baseUrl + signer.inlineUrl(byName('shape.svg').id))).status).toBe(404);
    expect((await fetch(t.baseUrl + signer.inlineUrl('0193a0a0-0000-7000-8000-0000000000ff'))).status).toBe(404);

    const url = signer.inlineUrl(logo.id);
    expect((await fetch(t.baseUrl + url)).status).toBe(200);
    const clock = t.app.get(Clock);
    const later = new Date(Date.now() + 66 * 60_000);
    jest.spyOn(clock, 'now').mockReturnValue(later);
    const expired = await fetch(t.baseUrl + url);
    expect(expired.status).toBe(403);
    expect(expired.headers.get('content-type')).not.toMatch(/image/);
  });

  it("deletes the attachments of the emails an erased person sent and keeps other senders' attachments", async () => {
    jest.restoreAllMocks();
    const fromBob = message
      .replace('From: Alice <alice@example.com>', 'From: Bob <bob@example.com>')
      .replace('<invoice-1@example.com>', '<invoice-2@example.com>');
    await t.app
      .get(MessageIngestion)
      .ingest(owner.teamId, 'INBOX', 1n, [{ uid: 2, source: Buffer.from(fromBob, 'utf8'), internalDate: null }]);
    const bobs = await until(
      async () =>
        (await t.request<Page<Email>>('/api/emails', { token: owner.token })).body.content.find(
          (row) => row.fromEmail === 'bob@example.com',
        ),
      (row) => row !== undefined,
    );
    const bobsPdf = bobs!.attachments.find((a) => a.filename === 'Faktura č. 1.pdf') as EmailAttachment;
    const download = (id: string) => t.request(`/api/attachments/${id}`, { token: owner.token });
    expect((await download(byName('Faktura č. 1.pdf').id)).status).toBe(200);

    const erased = await t.request('/api/team/audit/erasures', {
      method: 'POST',
      token: owner.token,
      body: { email: 'alice@example.com' },
    });
    expect(erased.status).toBe(201);

    for (const attachment of email.attachments) expect((await download(attachment.id)).status).toBe(404);
    expect((await download(bobsPdf.id)).status).toBe(200);
  });
});
