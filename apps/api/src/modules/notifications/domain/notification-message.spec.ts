import { DEFAULT_NOTIFICATION_MESSAGES, NOTIFICATION_TITLES, NOTIFICATION_TYPES } from '@teaminbox/contracts';
import { emailValues, fillMessage, MESSAGE_MAX_LENGTH, notificationText } from './notification-message';

const values = {
  subject: 'Printer on fire',
  sender: 'Alice',
  taskName: 'Printer on fire',
  emailSubject: 'Printer on fire',
};

describe('notification messages', () => {
  it("titles are the product's fixed words: never the sender, the subject or a custom message (nothing to erase)", () => {
    const sender = { subject: 'Refund', fromName: 'Bob Marsh', fromEmail: 'bob.marsh@example.com' };
    for (const language of ['en', 'cs'] as const) {
      for (const type of NOTIFICATION_TYPES) {
        for (const custom of [null, '{sender} <bob.marsh@example.com> wrote {subject}']) {
          const { title, message } = notificationText(type, custom, language, emailValues(sender, language));
          expect(title).toBe(NOTIFICATION_TITLES[language][type]);
          expect(title).not.toMatch(/Bob|Marsh|bob\.marsh|Refund/);
          if (custom) expect(message).toContain('Bob Marsh <bob.marsh@example.com>');
        }
      }
    }
  });

  it('fills every placeholder of the spec, each as often as it appears', () => {
    expect(fillMessage('{sender} wrote {subject}; task {taskName}; re {emailSubject}; {sender}', values)).toBe(
      'Alice wrote Printer on fire; task Printer on fire; re Printer on fire; Alice',
    );
  });

  it('leaves unknown braces as written and does not expand placeholders inside values', () => {
    const tricky = { ...values, subject: 'about {sender}' };
    expect(fillMessage('{subject} {unknown} {Sender}', tricky)).toBe('about {sender} {unknown} {Sender}');
  });

  it('keeps one line and caps the length', () => {
    expect(fillMessage('a\r\nb\t\tc', values)).toBe('a b c');
    const long = fillMessage('x'.repeat(5_000), values);
    expect(long).toHaveLength(MESSAGE_MAX_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });

  it('names the sender by name, else by address, and gives a blank subject a placeholder in the language', () => {
    expect(emailValues({ subject: ' Hi ', fromName: 'Alice A.', fromEmail: 'a@x.test' }, 'en')).toEqual({
      subject: 'Hi',
      sender: 'Alice A.',
      taskName: 'Hi',
      emailSubject: 'Hi',
    });
    expect(emailValues({ subject: '', fromName: null, fromEmail: 'a@x.test' }, 'cs')).toMatchObject({
      subject: '(bez předmětu)',
      sender: 'a@x.test',
    });
    expect(emailValues({ subject: '\r\n', fromName: '  ', fromEmail: 'a@x.test' }, 'en').subject).toBe('(no subject)');
  });

  it('uses the default message of the type in the language, or the custom message', () => {
    expect(notificationText('EMAIL_RECEIVED', null, 'en', values)).toEqual({
      title: 'New e-mail',
      message: DEFAULT_NOTIFICATION_MESSAGES.EMAIL_RECEIVED.replace('{sender}', 'Alice').replace(
        '{subject}',
        'Printer on fire',
      ),
    });
    expect(notificationText('TASK_ASSIGNED', null, 'en', values).message).toBe('You were assigned: Printer on fire');
    expect(notificationText('COMMENT_ADDED', null, 'en', values).message).toBe('New comment on Printer on fire');
    expect(notificationText('EMAIL_RECEIVED', null, 'cs', values)).toEqual({
      title: 'Nový e-mail',
      message: 'Nový e-mail od Alice: Printer on fire',
    });
    expect(notificationText('TASK_ASSIGNED', 'Pro tebe: {taskName}', 'cs', values)).toEqual({
      title: 'Přidělený úkol',
      message: 'Pro tebe: Printer on fire',
    });
    expect(notificationText('COMMENT_ADDED', '   ', 'cs', values).message).toBe('Nový komentář k Printer on fire');
  });
});
