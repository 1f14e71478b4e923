import { htmlToText, textToHtml } from './html-text';

describe('htmlToText', () => {
  it('strips tags, keeps line breaks and paragraphs, decodes entities', () => {
    expect(htmlToText('<p>Kind regards,</p><p><b>Jana</b> &amp; team<br>+420 123</p>')).toBe(
      'Kind regards,\nJana & team\n+420 123',
    );
  });

  it('drops scripts and styles with their content', () => {
    expect(htmlToText('<style>p{}</style><script>alert(1)</script>Hi')).toBe('Hi');
  });
});

describe('textToHtml', () => {
  it('escapes markup and turns new lines into <br>', () => {
    expect(textToHtml('a < b & "c"\nnext')).toBe('a &lt; b &amp; &quot;c&quot;<br>next');
  });
});
