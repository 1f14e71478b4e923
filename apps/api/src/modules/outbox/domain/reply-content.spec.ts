import {
  forwardBodies,
  forwardSubject,
  plainTextOf,
  replyAddressesOf,
  withQuote,
  type AnsweredEmail,
} from './reply-content';

const email: AnsweredEmail = {
  fromName: 'Alice',
  fromEmail: 'alice@example.com',
  to: ['support@team.example', 'Bob@example.com'],
  cc: ['carol@example.com', 'bob@example.com', 'help@team.example'],
  subject: 'Printer <jam>',
  text: 'The printer jams.\n\nAgain.',
  html: null,
  receivedAt: '2026-11-03T08:30:00.000Z',
};
const own = ['Support@team.example', 'help@team.example'];

describe('replyAddressesOf', () => {
  it('answers the sender, and with reply all every other participant, never the team itself or twice', () => {
    expect(replyAddressesOf(email, own)).toEqual({
      reply: { to: ['alice@example.com'], cc: [] },
      replyAll: { to: ['alice@example.com'], cc: ['Bob@example.com', 'carol@example.com'] },
    });
  });

  it('answers the Reply-To addresses instead of the sender when the email has them', () => {
    const withReplyTo = { ...email, replyTo: ['desk@example.org', 'support@team.example'] };
    expect(replyAddressesOf(withReplyTo, own)).toEqual({
      reply: { to: ['desk@example.org'], cc: [] },
      replyAll: { to: ['desk@example.org'], cc: ['Bob@example.com', 'carol@example.com'] },
    });
    // An empty Reply-To (older events have none) is the sender's.
    expect(replyAddressesOf({ ...email, replyTo: [] }, own).reply.to).toEqual(['alice@example.com']);
  });

  it('leaves out what is no address (an erased sender)', () => {
    expect(replyAddressesOf({ ...email, fromEmail: '[erased]', cc: [] }, own).replyAll).toEqual({
      to: [],
      cc: ['Bob@example.com'],
    });
  });
});

describe('withQuote', () => {
  it('quotes the email below the answer in the text and, escaped, in the HTML', () => {
    const quoted = withQuote({ text: 'Fixed now.\n', html: null }, email);
    expect(quoted.text).toBe(
      'Fixed now.\n\nOn Tue, 03 Nov 2026 08:30:00 GMT, Alice <alice@example.com> wrote:\n> The printer jams.\n>\n> Again.\n',
    );
    expect(quoted.html).toContain('Fixed now.<br>');
    expect(quoted.html).toContain('On Tue, 03 Nov 2026 08:30:00 GMT, Alice &lt;alice@example.com&gt; wrote:');
    expect(quoted.html).toMatch(/<blockquote[^>]*>The printer jams\.<br>\n<br>\nAgain\.<\/blockquote>$/);
  });

  it("keeps the answer's HTML and quotes the email's own HTML", () => {
    const quoted = withQuote({ text: 'Fixed', html: '<p>Fixed</p>' }, { ...email, html: '<p>Jams</p>' });
    expect(quoted.html.startsWith('<p>Fixed</p>')).toBe(true);
    expect(quoted.html).toMatch(/<blockquote[^>]*><p>Jams<\/p><\/blockquote>$/);
  });
});

describe('forward', () => {
  it('puts "Fwd: " before the subject once', () => {
    expect(forwardSubject('Printer')).toBe('Fwd: Printer');
    expect(forwardSubject('FW: Printer')).toBe('FW: Printer');
    expect(forwardSubject('fwd: Printer')).toBe('fwd: Printer');
  });

  it('writes the note, then the forwarded headers and body', () => {
    const { text, html } = forwardBodies('Please have a look.', email);
    expect(text).toBe(
      [
        'Please have a look.',
        '',
        '---------- Forwarded message ---------',
        'From: Alice <alice@example.com>',
        'Date: Tue, 03 Nov 2026 08:30:00 GMT',
        'Subject: Printer <jam>',
        'To: support@team.example, Bob@example.com',
        'Cc: carol@example.com, bob@example.com, help@team.example',
        '',
        'The printer jams.\n\nAgain.',
      ].join('\n'),
    );
    expect(html).toContain('Subject: Printer &lt;jam&gt;<br>');
    expect(html).toContain('<div>Please have a look.</div>');
    expect(forwardBodies('', email).text.startsWith('---------- Forwarded message')).toBe(true);
  });
});

describe('plainTextOf', () => {
  it('reads an HTML body as plain text: bold as plain words, paragraphs and breaks as lines, links with their address', () => {
    const html =
      '<p>Hello <strong>Alice</strong>,</p><p>see <a href="https://example.com/faq">the FAQ</a><br>or <b>call</b> us.</p>' +
      '<p>--<br>Jane <em>Support</em></p>';

    expect(plainTextOf(html)).toBe(
      'Hello Alice,\n\nsee the FAQ [https://example.com/faq]\nor call us.\n\n--\nJane Support',
    );
  });
});
