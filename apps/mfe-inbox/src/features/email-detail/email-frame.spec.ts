import { emailFrameDocument, restoreRemoteImages } from './email-frame';

describe('the email frame document', () => {
  const html =
    '<p>Hi</p><img data-remote-src="https://cdn.example.com/a.png"><td data-remote-background="https://x/y.png">t</td>';

  it('allows no scripts and, until the user allows them, images only from our origin and data: URIs', () => {
    const doc = emailFrameDocument(html, 'https://inbox.example.org', false);
    expect(doc).toContain(
      `content="default-src 'none'; img-src https://inbox.example.org data:; style-src 'unsafe-inline'; font-src data:"`,
    );
    expect(doc).toContain('data-remote-src="https://cdn.example.com/a.png"');
    expect(doc).not.toMatch(/ src="https:\/\/cdn/);
    expect(doc).toContain('<base target="_blank">');
  });

  it('puts remote images back when the user allows them', () => {
    const doc = emailFrameDocument(html, 'https://inbox.example.org', true);
    expect(doc).toContain('img-src https://inbox.example.org data: https: http:');
    expect(doc).toContain('src="https://cdn.example.com/a.png"');
    expect(
      restoreRemoteImages('<table><tr><td data-remote-background="https://x/y.png">t</td></tr></table>'),
    ).toContain('background="https://x/y.png"');
  });
});
