import type { ReplyTemplate } from '@teaminbox/contracts';
import { blankCompose, composeReady, composeRequest, withHtml, withTemplate } from './compose-form';

const signature = '<p>Jane Doe<br>Support</p>';
const template = (fields: Partial<ReplyTemplate>): ReplyTemplate =>
  ({ id: 't1', name: 'Shipping', subject: '', body: '', htmlBody: '', ...fields }) as ReplyTemplate;

describe('compose form', () => {
  it('opens in HTML with the signature as HTML, once', () => {
    expect(blankCompose(signature)).toEqual({
      to: '',
      cc: '',
      bcc: '',
      subject: '',
      body: '',
      htmlBody: `<p><br></p>${signature}`,
      html: true,
    });
    expect(blankCompose('').htmlBody).toBe('');
  });

  it('takes a template: HTML sets the HTML and clears the plain body, plain sets the plain body; the signature stays below', () => {
    const html = withTemplate(
      blankCompose(signature),
      template({ htmlBody: '<p>Dear <b>customer</b></p>' }),
      signature,
    );
    expect(html).toMatchObject({ html: true, body: '', htmlBody: `<p>Dear <b>customer</b></p>${signature}` });
    const plain = withTemplate(
      blankCompose(signature),
      template({ body: 'Your parcel ships.', subject: 'Parcel' }),
      signature,
    );
    expect(plain).toMatchObject({
      html: false,
      htmlBody: '',
      subject: 'Parcel',
      body: 'Your parcel ships.\n\nJane Doe\nSupport',
    });
  });

  it('strips the tags when switching to plain text', () => {
    expect(withHtml({ ...blankCompose(''), htmlBody: '<p>Hi <strong>there</strong></p>' }, false)).toMatchObject({
      html: false,
      body: 'Hi there',
      htmlBody: '',
    });
  });

  it('is ready with a recipient, a subject and a body, and sends the HTML with its text', () => {
    const form = {
      ...blankCompose(signature),
      to: ' dana@customer.example , ',
      bcc: 'boss@customer.example,, ',
      subject: 'Order',
    };
    expect(composeReady({ ...form, to: ' , ' })).toBe(false);
    expect(composeReady({ ...form, subject: ' ' })).toBe(false);
    expect(composeReady({ ...form, htmlBody: '<p><br></p>' })).toBe(false);
    expect(composeReady(form)).toBe(true);
    const attachment = { fileName: 'a.txt', contentType: 'text/plain', base64Content: 'YQ==', size: 1 };
    expect(
      composeRequest(
        { ...form, htmlBody: `<p><strong>Shipped</strong></p>${signature}` },
        'team-1',
        [attachment],
        'k1',
      ),
    ).toEqual({
      teamId: 'team-1',
      to: ['dana@customer.example'],
      cc: [],
      bcc: ['boss@customer.example'],
      subject: 'Order',
      body: 'Shipped\nJane Doe\nSupport',
      htmlBody: `<p><strong>Shipped</strong></p>${signature}`,
      attachments: [{ fileName: 'a.txt', contentType: 'text/plain', base64Content: 'YQ==' }],
      idempotencyKey: 'k1',
    });
  });
});
