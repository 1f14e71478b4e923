import type { EmailReceived } from '@teaminbox/contracts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type SampleEmail = Omit<EmailReceived, 'emailId' | 'teamId' | 'messageId' | 'receivedAt' | 'to'> & { ageMs: number };

/** Realistic sample messages for a new team to try the inbox with; ages relative to now. */
const SAMPLES: SampleEmail[] = [
  {
    ageMs: 4 * MINUTE,
    subject: 'Order #48213 arrived damaged',
    fromName: 'Martina Novakova',
    fromEmail: 'martina.novakova@example.com',
    cc: [],
    text:
      'Hello,\n\nmy order #48213 arrived this morning and the glass carafe is cracked. The box looked fine from the outside.\n' +
      'Could you send a replacement or refund it? I can send photos if needed.\n\nThank you,\nMartina',
    html: null,
    priority: 'HIGH',
    status: 'NEW',
  },
  {
    ageMs: 38 * MINUTE,
    subject: 'Question about the annual plan',
    fromName: 'Daniel Hughes',
    fromEmail: 'daniel.hughes@example.org',
    cc: ['finance@example.org'],
    text:
      'Hi team,\n\nwe are on the monthly plan with 12 seats. If we switch to the annual plan now, is the unused part of ' +
      'this month credited? And can we add seats later at the same price?\n\nBest regards,\nDaniel Hughes\nOperations, Example Org',
    html: null,
    priority: 'MEDIUM',
    status: 'NEW',
  },
  {
    ageMs: DAY + 3 * HOUR,
    subject: 'Your invoice INV-2024-0311 is ready',
    fromName: 'Billing',
    fromEmail: 'billing@example.net',
    cc: [],
    text:
      'Your invoice INV-2024-0311 for 149.00 EUR is ready.\n\nAmount due: 149.00 EUR\nDue date: in 14 days\n\n' +
      'You can download the PDF from your account page. Thank you for your business.',
    html:
      '<div style="font-family:Arial,sans-serif"><h2 style="color:#1f6feb">Invoice INV-2024-0311</h2>' +
      '<p>Your invoice for <strong>149.00&nbsp;EUR</strong> is ready.</p>' +
      '<table><tr><td>Amount due</td><td><strong>149.00 EUR</strong></td></tr><tr><td>Due date</td><td>in 14 days</td></tr></table>' +
      '<p>You can download the PDF from your account page.</p><p style="color:#666">Thank you for your business.</p></div>',
    priority: 'LOW',
    status: 'IN_PROGRESS',
  },
  {
    ageMs: 3 * DAY,
    subject: 'Cannot log in after password reset',
    fromName: 'Tomas Dvorak',
    fromEmail: 'tomas.dvorak@example.cz',
    cc: [],
    text:
      'Good afternoon,\n\nI reset my password yesterday, but the login page keeps saying "invalid credentials". ' +
      'I tried two browsers and cleared the cache. My username is tdvorak.\n\nThanks for any help,\nTomas',
    html: null,
    priority: 'HIGH',
    status: 'IN_PROGRESS',
  },
  {
    ageMs: 3 * DAY + 5 * HOUR,
    subject: 'Thanks for the quick help!',
    fromName: null,
    fromEmail: 'happy.customer@example.com',
    cc: [],
    text: 'Just wanted to say thank you, the replacement arrived today and everything works. Great service!',
    html: null,
    priority: 'LOW',
    status: 'RESOLVED',
  },
  {
    ageMs: 14 * DAY,
    subject: 'Partnership proposal for the spring campaign',
    fromName: 'Sofia Marquez',
    fromEmail: 'sofia@example.io',
    cc: ['partners@example.io'],
    text:
      'Hi,\n\nI run partnerships at Example.io. We would love to feature your product in our spring newsletter ' +
      '(about 40,000 subscribers). Would you be open to a short call next week?\n\nKind regards,\nSofia Marquez',
    html: null,
    priority: 'MEDIUM',
    status: 'CLOSED',
  },
];

/** The sample emails of one team at a moment; ids and Message-IDs come from the caller. */
export function sampleEmails(teamId: string, teamAddress: string, now: Date, newId: () => string): EmailReceived[] {
  return SAMPLES.map(({ ageMs, ...sample }) => {
    const emailId = newId();
    return {
      ...sample,
      emailId,
      teamId,
      to: [teamAddress],
      messageId: `<${emailId}@samples.teaminbox.local>`,
      receivedAt: new Date(now.getTime() - ageMs).toISOString(),
    };
  });
}
