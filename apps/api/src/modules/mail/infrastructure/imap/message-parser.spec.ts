import { withAttachment } from '../../../../../test/mail/mime';
import { POISON_MESSAGES } from '../../../../../test/mail/poison-messages';
import { dedupeKeyOf, emailIdOf, parseMessage } from './message-parser';
import { MAIL_FIELD_LIMITS } from './message-normalizer';

const location = { teamId: '0193a0a0-0000-7000-8000-000000000001', folder: 'INBOX', uidValidity: 7n, uid: 42 };
const internalDate = new Date('2026-11-01T08:00:00.000Z');
const parse = (raw: string) => parseMessage(Buffer.from(raw), location, internalDate);

describe('parseMessage', () => {
  it('maps headers, addresses, threading and priority', async () => {
    const { email } = await parse(
      [
        'From: "Alice Smith" <alice@example.com>',
        'To: support@example.com, Team: bob@example.com, carol@example.com;',
        'Cc: dave@example.com',
        'Subject: =?utf-8?Q?P=C5=99=C3=ADloha?=',
        'Message-ID: <m1@example.com>',
        'In-Reply-To: <m0@example.com>',
        'References: <r1@example.com> <m0@example.com>',
        'Date: Tue, 3 Nov 2026 09:30:00 +0100',
        'X-Priority: 1',
        '',
        'Hi',
      ].join('\r\n'),
    );
    expect(email).toMatchObject({
      emailId: emailIdOf(location),
      teamId: location.teamId,
      messageId: '<m1@example.com>',
      subject: 'Příloha',
      fromName: 'Alice Smith',
      fromEmail: 'alice@example.com',
      to: ['support@example.com', 'bob@example.com', 'carol@example.com'],
      cc: ['dave@example.com'],
      inReplyTo: '<m0@example.com>',
      references: ['<r1@example.com>', '<m0@example.com>'],
      receivedAt: '2026-11-03T08:30:00.000Z',
      priority: 'HIGH',
      status: 'NEW',
      folder: 'INBOX',
      uid: 42,
      isAutoReply: false,
      isBounce: false,
      html: null,
    });
    expect(email.text.trim()).toBe('Hi');
  });

  it('keeps the Reply-To addresses (answers go there), and an empty list without the header', async () => {
    const header = (replyTo: string | null) =>
      [
        'From: Alice <alice@example.com>',
        ...(replyTo ? [`Reply-To: ${replyTo}`] : []),
        'To: support@example.com',
        'Subject: Hello',
        '',
        'Hi',
      ].join('\r\n');
    const { email } = await parse(header('"Alice at Work" <alice.work@example.org>, helpdesk@example.org'));
    expect(email.replyTo).toEqual(['alice.work@example.org', 'helpdesk@example.org']);
    expect(email.fromEmail).toBe('alice@example.com');
    expect((await parse(header(null))).email.replyTo).toEqual([]);
  });

  it('falls back to INTERNALDATE when the Date header is missing or invalid', async () => {
    for (const date of ['', 'Date: yesterday-ish\r\n']) {
      const { email } = await parse(`From: a@example.com\r\n${date}Subject: x\r\n\r\nbody`);
      expect(email.receivedAt).toBe(internalDate.toISOString());
    }
  });

  it.each([
    ['Auto-Submitted: auto-replied', true],
    ['Auto-Submitted: auto-generated', true],
    ['Auto-Submitted: Auto-Replied (vacation)', true],
    ['Auto-Submitted: no', false],
    ['Auto-Submitted: No', false],
    ['Precedence: bulk', true],
    ['Precedence: junk', true],
    ['Precedence: list', true],
    ['Precedence: auto_reply', true],
    ['Precedence: first-class', false],
    ['X-Autoreply: yes', true],
    ['X-Autorespond: on', true],
    ['X-Mailer: vacation-not-really', false],
  ])('recognises auto-replies (%s)', async (header, expected) => {
    const { email } = await parse(`From: a@example.com\r\n${header}\r\nSubject: x\r\n\r\nbody`);
    expect(email.isAutoReply).toBe(expected);
  });

  it('recognises bounces and keeps attachments with their contents', async () => {
    const { email, attachments } = await parse(
      [
        'From: MAILER-DAEMON@example.com',
        'Subject: Undelivered',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'Delivery failed',
        '--b',
        'Content-Type: application/pdf; name="invoice.pdf"',
        'Content-Disposition: attachment; filename="invoice.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('%PDF-1.4 fake').toString('base64'),
        '--b--',
        '',
      ].join('\r\n'),
    );
    expect(email.isBounce).toBe(true);
    const pdf = attachments.find((a) => a.filename === 'invoice.pdf');
    expect(pdf?.content.toString()).toBe('%PDF-1.4 fake');
    expect(email.attachments).toContainEqual({
      id: pdf?.id,
      filename: 'invoice.pdf',
      contentType: 'application/pdf',
      size: 13,
      contentId: null,
      inline: false,
    });
  });

  it('takes only a delivery-status report for a bounce, whatever the case of its type', async () => {
    const report = (type: string) =>
      parse(
        [
          'From: postmaster@example.com',
          'Subject: report',
          `Content-Type: ${type}; boundary="b"`,
          '',
          '--b',
          'Content-Type: text/plain',
          '',
          'report',
          '--b--',
          '',
        ].join('\r\n'),
      );
    expect((await report('Multipart/Report; report-type="Delivery-Status"')).email.isBounce).toBe(true);
    // A read receipt (MDN) is a report too, but not a bounce.
    expect((await report('multipart/report; report-type=disposition-notification')).email.isBounce).toBe(false);
    expect((await report('multipart/mixed')).email.isBounce).toBe(false);
  });

  it('keeps the Content-ID and the inline flag of embedded images, and leaves cid: URLs in the HTML', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const { email, attachments } = await parse(
      [
        'From: a@example.com',
        'Subject: logo',
        'Content-Type: multipart/mixed; boundary="m"',
        '',
        '--m',
        'Content-Type: multipart/related; boundary="r"',
        '',
        '--r',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p>Hello <img src="cid:logo.1@example.com" alt="logo"></p>',
        '--r',
        'Content-Type: image/png; name="logo.png"',
        'Content-ID: <logo.1@example.com>',
        'Content-Transfer-Encoding: base64',
        '',
        png.toString('base64'),
        '--r--',
        '--m',
        'Content-Type: image/jpeg; name="photo.jpg"',
        'Content-Disposition: inline; filename="photo.jpg"',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('jpeg').toString('base64'),
        '--m',
        'Content-Type: text/plain; name="notes.txt"',
        'Content-Disposition: attachment; filename="notes.txt"',
        'Content-ID: <notes@example.com>',
        '',
        'notes',
        '--m--',
        '',
      ].join('\r\n'),
    );
    const byName = new Map(email.attachments?.map((a) => [a.filename, a]));
    // Sanitised here, once: the cid: image becomes the placeholder the detail resolves to a signed URL.
    expect(email.htmlSafe).toBe(true);
    expect(email.html).toContain(`src="/__inline__/${byName.get('logo.png')?.id}"`);
    expect(byName.get('logo.png')).toMatchObject({
      contentType: 'image/png',
      contentId: 'logo.1@example.com',
      inline: true,
    });
    expect(byName.get('photo.jpg')).toMatchObject({ contentId: null, inline: true });
    expect(byName.get('notes.txt')).toMatchObject({ contentId: 'notes@example.com', inline: false });
    expect(attachments.find((a) => a.filename === 'logo.png')?.content).toEqual(png);
  });

  it('derives stable ids: same location same id, another UIDVALIDITY another id; dedupe keys by content', () => {
    expect(emailIdOf(location)).toBe(emailIdOf({ ...location }));
    expect(emailIdOf({ ...location, uidValidity: 8n })).not.toBe(emailIdOf(location));
    const a = dedupeKeyOf(location.teamId, '<x@y>', Buffer.from('A'));
    expect(dedupeKeyOf(location.teamId, '<x@y>', Buffer.from('A'))).toBe(a);
    expect(dedupeKeyOf(location.teamId, '<x@y>', Buffer.from('B'))).not.toBe(a);
    expect(dedupeKeyOf('other-team', '<x@y>', Buffer.from('A'))).not.toBe(a);
  });
});

describe('parseMessage normalises what PostgreSQL and the inbox cannot store', () => {
  // eslint-disable-next-line no-control-regex
  const PG_UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

  it.each(POISON_MESSAGES.map((poison) => [poison.name, poison] as const))('%s', async (_name, poison) => {
    const { email, attachments } = await parse(poison.source);
    expect(email.subject).toBe(poison.subject);
    expect(JSON.stringify(email)).not.toMatch(/\\u0000|\\ud[89ab]/i);
    for (const value of [email.subject, email.text, ...attachments.map((a) => a.filename)]) {
      expect(value).not.toMatch(PG_UNSAFE);
    }
    expect(Date.parse(email.receivedAt)).not.toBeNaN();
    expect(email.receivedAt).toMatch(/^\d{4}-/);
  });

  it('falls back to INTERNALDATE, then to the arrival time, for a date out of range, and keeps the header as written', async () => {
    const far = POISON_MESSAGES[0].source;
    const { email } = await parse(far);
    expect(email.receivedAt).toBe(internalDate.toISOString());
    expect(email.dateHeader).toBe('Sat, 1 Jan 10000 10:00:00 +0000');
    const before = Date.now();
    const arrived = (await parseMessage(Buffer.from(far), location, new Date('+020000-01-01T00:00:00Z'))).email;
    expect(Date.parse(arrived.receivedAt)).toBeGreaterThanOrEqual(before - 1000);
    const early = await parse(far.replace('Sat, 1 Jan 10000', 'Thu, 1 Jan 1960'));
    expect(early.email.receivedAt).toBe(internalDate.toISOString());
    const fine = await parse(far.replace('Sat, 1 Jan 10000', 'Mon, 2 Nov 2026'));
    expect(fine.email.receivedAt).toBe('2026-11-02T10:00:00.000Z');
    expect(fine.email.dateHeader).toBeUndefined();
  });

  it('caps the stored length of subject, addresses, bodies and attachment names', async () => {
    const long = 'x'.repeat(MAIL_FIELD_LIMITS.text + 500);
    const { email, attachments } = await parse(
      withAttachment(
        [
          `From: ${'N'.repeat(400)} <${'a'.repeat(400)}@example.com>`,
          `To: ${Array.from({ length: MAIL_FIELD_LIMITS.recipients + 20 }, (_, i) => `r${i}@example.com`).join(', ')}`,
          `Subject: ${'S'.repeat(MAIL_FIELD_LIMITS.subject + 100)}`,
        ],
        long,
        [`Content-Type: application/octet-stream; name="${'f'.repeat(300)}.bin"`, 'Content-Disposition: attachment'],
      ),
    );
    expect(email.subject).toHaveLength(MAIL_FIELD_LIMITS.subject);
    expect(email.text).toHaveLength(MAIL_FIELD_LIMITS.text);
    expect(email.fromName).toHaveLength(MAIL_FIELD_LIMITS.name);
    expect(email.fromEmail.length).toBeLessThanOrEqual(MAIL_FIELD_LIMITS.address);
    expect(email.to).toHaveLength(MAIL_FIELD_LIMITS.recipients);
    expect(attachments[0].filename).toHaveLength(MAIL_FIELD_LIMITS.filename);
    expect(email.attachments?.[0].filename).toBe(attachments[0].filename);
  });
});
