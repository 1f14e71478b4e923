import { hasSignature, withSignature } from './reply-signature';

const signature = '<p>Jane <strong>Doe</strong><br>Support</p>';

describe('withSignature', () => {
  it('adds the HTML signature in HTML mode, below an empty paragraph to write in', () => {
    expect(withSignature({ body: '', htmlBody: '', html: true }, signature).htmlBody).toBe(`<p><br></p>${signature}`);
    expect(withSignature({ body: '', htmlBody: '<p>Hi</p>', html: true }, signature).htmlBody).toBe(
      `<p>Hi</p>${signature}`,
    );
  });

  it('adds the signature as plain text in plain mode, after an empty line', () => {
    expect(withSignature({ body: '', htmlBody: '', html: false }, signature).body).toBe('\n\nJane Doe\nSupport');
    expect(withSignature({ body: 'Hello\n', htmlBody: '', html: false }, signature).body).toBe(
      'Hello\n\nJane Doe\nSupport',
    );
  });

  it('leaves the body as it is without a signature', () => {
    const form = { body: 'Hello', htmlBody: '', html: false };
    expect(withSignature(form, '  ')).toBe(form);
  });
});

describe('hasSignature', () => {
  it('finds the signature added in either mode, so that it is not added twice', () => {
    expect(hasSignature(withSignature({ body: 'Hi', htmlBody: '', html: false }, signature), signature)).toBe(true);
    expect(hasSignature(withSignature({ body: '', htmlBody: '<p>Hi</p>', html: true }, signature), signature)).toBe(
      true,
    );
    expect(hasSignature({ body: 'Hi', htmlBody: '', html: false }, signature)).toBe(false);
    expect(hasSignature({ body: 'Hi', htmlBody: '', html: false }, '')).toBe(false);
  });
});
