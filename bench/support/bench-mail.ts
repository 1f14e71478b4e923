import { randomBytes, randomUUID } from 'node:crypto';
import type { ImapFlow } from 'imapflow';

/** Messages of the ingestion benchmarks, and how a mailbox is filled with them. */

const APPEND_CONNECTIONS = 4;

const WORDS =
  'order parcel delivery invoice refund account password update shipping address warehouse tracking number customer support question thanks please week yesterday status'.split(
    ' ',
  );

function paragraph(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 31 + i * 7) % WORDS.length]);
  return out.join(' ').replace(/^./, (c) => c.toUpperCase()) + '.';
}

/** A realistic multipart/alternative message of about 5 KB (text and HTML parts, quoted-printable free). */
export function rawMessage(i: number, subject = `Order #${100000 + i}: question about delivery`): string {
  const boundary = `b-${randomBytes(8).toString('hex')}`;
  const paragraphs = Array.from({ length: 5 }, (_, p) => paragraph(i + p, 52));
  const text = paragraphs.join('\n\n');
  const html = `<html><body>${paragraphs.map((p) => `<p style="margin:0 0 12px 0">${p}</p>`).join('\n')}</body></html>`;
  return [
    `Return-Path: <customer${i % 5000}@example.com>`,
    `Received: from mail.example.com (mail.example.com [192.0.2.${i % 250}]) by mx.example.test; ${new Date(Date.UTC(2026, 0, 1) + i * 60_000).toUTCString()}`,
    `From: Customer ${i % 5000} <customer${i % 5000}@example.com>`,
    'To: Support <support@example.test>',
    `Subject: ${subject}`,
    `Message-ID: <${randomUUID()}@mail.example.com>`,
    `Date: ${new Date(Date.UTC(2026, 0, 1) + i * 60_000).toUTCString()}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    text,
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    html,
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Fills INBOX over 4 connections (marked \\Seen); returns the average message size in bytes. */
export async function fill(connect: () => Promise<ImapFlow>, count: number): Promise<number> {
  let next = 0;
  let bytes = 0;
  await Promise.all(
    Array.from({ length: APPEND_CONNECTIONS }, async () => {
      const client = await connect();
      try {
        for (let i = next++; i < count; i = next++) {
          const raw = rawMessage(i);
          bytes += Buffer.byteLength(raw);
          await client.append('INBOX', raw, ['\\Seen']);
        }
      } finally {
        await client.logout();
      }
    }),
  );
  return bytes / count;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The middle value (the upper of the two middle ones for an even count). */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/** The mailbox configuration a benchmark's team saves: the bench's Dovecot for IMAP; SMTP is never used. */
export function benchMailboxConfig(dovecot: { host: string; port: number; user: string; password: string }) {
  return {
    imapHost: dovecot.host,
    imapPort: dovecot.port,
    imapUsername: dovecot.user,
    imapPassword: dovecot.password,
    imapUseSsl: false,
    imapFolder: 'INBOX',
    smtpHost: 'smtp.example.com',
    smtpPort: 587,
    smtpUsername: 'support@example.com',
    smtpPassword: 'smtp-secret-pw',
    smtpUseTls: true,
    fromEmail: 'support@example.test',
    fromName: 'Support',
    isActive: true,
  };
}
