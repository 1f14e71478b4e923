import { withAttachment } from './mime';

/**
 * Messages that PostgreSQL or the inbox cannot store as parsed, one per class found by reading the ingestion code.
 * Each is an ordinary, well-formed RFC 5322 message; what is hostile is a decoded value. `subject` is what the list
 * shows once the message is normalised.
 */
export interface PoisonMessage {
  name: string;
  subject: string;
  source: string;
}

const headers = (subject: string, extra: string[] = []) => [
  'From: Mallory <mallory@example.com>',
  'To: support@example.com',
  `Subject: ${subject}`,
  `Message-ID: <${Math.random().toString(36).slice(2)}@example.com>`,
  ...extra,
];

export const POISON_MESSAGES: PoisonMessage[] = [
  {
    name: 'a Date header in the year 10000',
    subject: 'Far future',
    source: [...headers('Far future', ['Date: Sat, 1 Jan 10000 10:00:00 +0000']), '', 'Dated too far ahead'].join(
      '\r\n',
    ),
  },
  {
    name: 'a NUL in an encoded subject',
    subject: 'Nul inside',
    source: [...headers('=?utf-8?Q?Nul=00_inside?=', ['Date: Mon, 2 Nov 2026 10:00:00 +0000']), '', 'Body'].join(
      '\r\n',
    ),
  },
  {
    name: 'a NUL in a quoted-printable body',
    subject: 'Nul body',
    source: [
      ...headers('Nul body', [
        'Date: Mon, 2 Nov 2026 10:00:00 +0000',
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
      ]),
      '',
      'before=00after',
    ].join('\r\n'),
  },
  {
    name: 'a NUL in an RFC 2231 attachment filename',
    subject: 'Nul filename',
    source: withAttachment(headers('Nul filename', ['Date: Mon, 2 Nov 2026 10:00:00 +0000']), 'see attachment', [
      "Content-Type: application/octet-stream; name*=utf-8''evil%00name.txt",
      "Content-Disposition: attachment; filename*=utf-8''evil%00name.txt",
    ]),
  },
  {
    name: 'an unpaired surrogate decoded from a UTF-16 subject',
    subject: 'Lone  surrogate',
    // "Lone " + U+D800 (alone) + " surrogate" in UTF-16BE.
    source: [
      ...headers(
        `=?UTF-16BE?B?${Buffer.concat([
          Buffer.from('\u0000L\u0000o\u0000n\u0000e\u0000 ', 'latin1'),
          Buffer.from([0xd8, 0x00]),
          Buffer.from('\u0000 \u0000s\u0000u\u0000r\u0000r\u0000o\u0000g\u0000a\u0000t\u0000e', 'latin1'),
        ]).toString('base64')}?=`,
        ['Date: Mon, 2 Nov 2026 10:00:00 +0000'],
      ),
      '',
      'Body',
    ].join('\r\n'),
  },
];
