import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** RCPT TO addresses. */
  to: string[];
  from: string;
  raw: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpSink {
  /** smtp://user:pass@127.0.0.1:<port> for SMTP_URL. */
  url: string;
  messages: CapturedMail[];
  /** The first captured message (now or within timeoutMs) to that address matching the predicate. */
  waitFor(to: string, predicate?: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** Makes the server refuse (554) every message from now on, or accept again. */
  refuse(refusing: boolean): void;
  /** Makes the server take `ms` to accept each message to an address matching `to` (none: every message at once). */
  slowFor(to: RegExp | null, ms?: number): void;
  close(): Promise<void>;
}

/** A real SMTP server on a free port of 127.0.0.1 that keeps every message it receives. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: CapturedMail[] = [];
  let refusing = false;
  let slow: { to: RegExp; ms: number } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing) {
          callback(Object.assign(new Error('Message refused by the test server'), { responseCode: 554 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const delay = slow && session.envelope.rcptTo.some((r) => slow?.to.test(r.address)) ? slow.ms : 0;
        new Promise((resolve) => setTimeout(resolve, delay))
          .then(() => simpleParser(raw))
          .then((parsed) => {
            messages.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              raw,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://mailer:s3cret@127.0.0.1:${port}`,
    messages,
    async waitFor(to, predicate = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((mail) => mail.to.includes(to.toLowerCase()) && predicate(mail));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    refuse(value) {
      refusing = value;
    },
    slowFor(to, ms = 0) {
      slow = to ? { to, ms } : null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with `${publicUrl}${path}`. */
export function linkIn(mail: CapturedMail, publicUrl: string, path: string): string {
  const prefix = `${publicUrl}${path}`;
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[A-Za-z0-9_-]+`).exec(mail.text);
  if (!match) throw new Error(`No ${prefix} link in mail: ${mail.text}`);
  return match[0];
}

/**
 * The SMTP fields of a team's mail server configuration that sends to a local test server on `port`: plaintext, with
 * the sink's login ("mailer") and its password unless another one is given.
 */
export function localSmtpSettings(port: number, smtpPassword = 's3cret') {
  return {
    smtpHost: '127.0.0.1',
    smtpPort: port,
    smtpUsername: 'mailer',
    smtpPassword,
    smtpUseSsl: false,
    smtpUseTls: false,
  };
}

/** The body of POST /api/email-server-config that makes a team's replies go to the sink (inactive: no mailbox sync). */
export function sendOnlyMailServer(sink: SmtpSink) {
  return {
    imapHost: '127.0.0.1',
    imapPort: 1,
    imapUsername: 'nobody',
    imapPassword: 'unused',
    imapUseSsl: false,
    ...localSmtpSettings(Number(new URL(sink.url).port)),
    fromEmail: 'support@example.com',
    fromName: 'Support Team',
    isActive: false,
  };
}
