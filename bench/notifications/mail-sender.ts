/**
 * The mail of the notifications benchmark, sent from a process of its own (as mail comes from outside the server):
 * APPENDs the messages it is asked for to the test Dovecot over a few connections and reports 'appended'. In the
 * application's process, the APPEND clients would share its event loop and slow down with it.
 */
import { ImapFlow } from 'imapflow';

export interface AppendRequest {
  type: 'append';
  host: string;
  port: number;
  user: string;
  password: string;
  /** Messages first .. first + count - 1. */
  first: number;
  count: number;
  connections: number;
}

function rawMessage(i: number): string {
  return [
    `From: Customer ${i} <customer${i}@example.com>`,
    'To: support@example.test',
    `Subject: Question number ${i}`,
    `Message-ID: <burst-${i}-${Date.now()}@example.com>`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Hello, this is question ${i}. ${'Some words to give the message a body. '.repeat(40)}`,
    '',
  ].join('\r\n');
}

async function append(request: AppendRequest): Promise<void> {
  let next = request.first;
  const end = request.first + request.count;
  await Promise.all(
    Array.from({ length: request.connections }, async () => {
      const client = new ImapFlow({
        host: request.host,
        port: request.port,
        secure: false,
        auth: { user: request.user, pass: request.password },
        logger: false,
      });
      client.on('error', () => undefined);
      await client.connect();
      try {
        for (let i = next++; i < end; i = next++) await client.append('INBOX', rawMessage(i));
      } finally {
        await client.logout();
      }
    }),
  );
}

process.on('message', (request: AppendRequest) => {
  append(request).then(
    () => process.send?.({ type: 'appended' }),
    (error: unknown) => process.send?.({ type: 'failed', message: (error as Error).message }),
  );
});
