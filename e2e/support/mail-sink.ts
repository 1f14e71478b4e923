import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the browser tests: it accepts every message on 127.0.0.1 and writes its raw
 * source to `dir` (one .eml file each, complete once it has that name; beside it `<name>.rcpt`, its envelope's RCPT TO
 * addresses as JSON), so that test workers can read what the product sent and to whom.
 */
export async function startMailSink(dir: string, port: number): Promise<{ url: string; stop(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'e2e' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        counter += 1;
        const name = `${Date.now()}-${String(counter).padStart(5, '0')}.eml`;
        // Written aside and renamed: a reader never sees a message half written (nor one without its envelope).
        writeFileSync(join(dir, `${name}.rcpt`), JSON.stringify(session.envelope.rcptTo.map((r) => r.address)));
        writeFileSync(join(dir, `${name}.part`), Buffer.concat(chunks));
        renameSync(join(dir, `${name}.part`), join(dir, name));
        callback();
      });
    },
  });
  // A client that goes away mid-session (the product killed by a crash test) resets its connection: that session
  // is over, the sink serves on. Without a listener the error would end the test run.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.warn('mail sink:', error.message);
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

interface ReadMail {
  mail: ParsedMail;
  /** The addresses of its To header. */
  recipients: string[];
  /** The addresses the SMTP envelope delivered it to (To, Cc and Bcc). */
  envelope: string[];
}

/** The messages of the sink this worker has read, by file name, with their recipients (a message never changes). */
const parsed = new Map<string, ReadMail>();

async function readMail(dir: string, file: string): Promise<ReadMail> {
  let read = parsed.get(file);
  if (!read) {
    const mail = await simpleParser(readFileSync(join(dir, file)));
    const recipients = [mail.to]
      .flat()
      .flatMap((a) => a?.value ?? [])
      .map((a) => a.address?.toLowerCase() ?? '');
    const envelope = (JSON.parse(readFileSync(join(dir, `${file}.rcpt`), 'utf8')) as string[]).map((a) =>
      a.toLowerCase(),
    );
    read = { mail, recipients, envelope };
    parsed.set(file, read);
  }
  return read;
}

/**
 * Waits for a message to `to` (and matching `filter`) in the sink's directory and returns it parsed; the newest
 * matching message wins. Each message is parsed once per worker.
 */
export function waitForMail(
  to: string,
  filter: (mail: ParsedMail) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<ParsedMail> {
  return waitForRead(to, (read) => read.recipients, filter, timeoutMs);
}

/**
 * Waits for a message the SMTP envelope delivered to `to` (a Cc or Bcc recipient too, whom the To header does not
 * name), like waitForMail.
 */
export function waitForDelivery(
  to: string,
  filter: (mail: ParsedMail) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<ParsedMail> {
  return waitForRead(to, (read) => read.envelope, filter, timeoutMs);
}

async function waitForRead(
  to: string,
  addressesOf: (read: ReadMail) => string[],
  filter: (mail: ParsedMail) => boolean,
  timeoutMs: number,
): Promise<ParsedMail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the global setup did not start the mail sink');
  const deadline = Date.now() + timeoutMs;
  const address = to.toLowerCase();
  for (;;) {
    for (const file of readdirSync(dir)
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .reverse()) {
      const read = await readMail(dir, file);
      if (addressesOf(read).includes(address) && filter(read.mail)) return read.mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in a mail's text that points at `path` (e.g. '/loginLink/'). */
export function linkIn(mail: ParsedMail, path: string): string {
  const text = `${mail.text ?? ''}\n${typeof mail.html === 'string' ? mail.html : ''}`;
  const match = text.match(new RegExp(`https?://[^\\s"'<>]*${path.replace(/[/]/g, '\\/')}[^\\s"'<>]+`));
  if (!match) throw new Error(`no link to ${path} in the mail "${mail.subject}"`);
  return match[0];
}
