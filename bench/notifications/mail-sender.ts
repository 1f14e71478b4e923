/**
 * The mail of the notifications benchmark, sent from a process of its own (as mail comes from outside the server):
 * APPENDs the messages it is asked for to the test Dovecot over a few connections, or MOVEs a folder's messages to
 * another, and reports 'appended'. In the application's process, the IMAP clients would share its event loop and slow
 * down with it.
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
  /** The folder they go to (default INBOX). */
  folder?: string;
}

/** Moves every message of one folder to another in one command (MOVE), as a burst that arrives at once. */
export interface MoveRequest {
  type: 'move';
  host: string;
  port: number;
  user: string;
  password: string;
  from: string;
  to: string;
}

const connect = async ({ host, port, user, password }: Omit<MoveRequest, 'type' | 'from' | 'to'>) => {
  const client = new ImapFlow({ host, port, secure: false, auth: { user, pass: password }, logger: false });
  client.on('error', () => undefined);
  await client.connect();
  return client;
};

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
  const folder = request.folder ?? 'INBOX';
  if (folder !== 'INBOX') {
    const client = await connect(request);
    try {
      await client.mailboxCreate(folder).catch(() => undefined); // it may exist
    } finally {
      await client.logout();
    }
  }
  await Promise.all(
    Array.from({ length: request.connections }, async () => {
      const client = await connect(request);
      try {
        for (let i = next++; i < end; i = next++) await client.append(folder, rawMessage(i));
      } finally {
        await client.logout();
      }
    }),
  );
}

async function move(request: MoveRequest): Promise<void> {
  const client = await connect(request);
  try {
    const lock = await client.getMailboxLock(request.from);
    try {
      await client.messageMove('1:*', request.to);
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

process.on('message', (request: AppendRequest | MoveRequest) => {
  (request.type === 'move' ? move(request) : append(request)).then(
    () => process.send?.({ type: 'appended' }),
    (error: unknown) => process.send?.({ type: 'failed', message: (error as Error).message }),
  );
});
