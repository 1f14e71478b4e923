import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

export interface TestDovecot {
  host: string;
  port: number;
  user: string;
  password: string;
  /** A connected client of the test user, for APPEND and flag checks. */
  client(): Promise<ImapFlow>;
  stop(): Promise<void>;
}

const NOBODY = 65534;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Options of startDovecot. */
export interface DovecotOptions {
  /**
   * Also accept XOAUTH2/OAUTHBEARER logins whose token this endpoint (called with GET and
   * 'Authorization: Bearer <token>') reports `active: true`; the login name is the answer's `username`.
   */
  oauthIntrospectionUrl?: string;
}

/** A real Dovecot (imap only, plaintext on 127.0.0.1, maildir in a temp dir), started and stopped by PID. */
export async function startDovecot(
  user = 'support',
  password = 'dovecot-secret-pw',
  options: DovecotOptions = {},
): Promise<TestDovecot> {
  const root = mkdtempSync(join(tmpdir(), 'teaminbox-dovecot-'));
  chmodSync(root, 0o755);
  const mailRoot = join(root, 'mail');
  mkdirSync(join(mailRoot, user), { recursive: true });
  chownSync(mailRoot, NOBODY, NOBODY);
  chownSync(join(mailRoot, user), NOBODY, NOBODY);
  const port = await freePort();
  writeFileSync(join(root, 'users'), `${user}:{PLAIN}${password}:${NOBODY}:${NOBODY}::${mailRoot}/${user}\n`);
  chmodSync(join(root, 'users'), 0o644);
  let oauth = '';
  if (options.oauthIntrospectionUrl) {
    writeFileSync(
      join(root, 'oauth2.conf'),
      `introspection_url = ${options.oauthIntrospectionUrl}
introspection_mode = auth
username_attribute = username
active_attribute = active
active_value = true
`,
    );
    chmodSync(join(root, 'oauth2.conf'), 0o644);
    oauth = `passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${root}/oauth2.conf
}
userdb {
  driver = static
  args = uid=${NOBODY} gid=${NOBODY} home=${mailRoot}/%u
}
`;
  }
  const conf = join(root, 'dovecot.conf');
  writeFileSync(
    conf,
    `protocols = imap
listen = 127.0.0.1
base_dir = ${root}/run
state_dir = ${root}/state
log_path = ${root}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${oauth ? ' xoauth2 oauthbearer' : ''}
${oauth}passdb {
  driver = passwd-file
  args = ${root}/users
}
userdb {
  driver = passwd-file
  args = ${root}/users
}
mail_location = maildir:~/Maildir
first_valid_uid = 1
namespace inbox {
  inbox = yes
  separator = /
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
protocol imap {
  # Benchmarks connect one mailbox per team, a dozen teams and more to one user (Dovecot's default is 10).
  mail_max_userip_connections = 100
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
`,
  );
  const child: ChildProcess = spawn('/usr/sbin/dovecot', ['-F', '-c', conf], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const connect = async () => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      client.close();
      throw error;
    }
    return client;
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const probe = await connect();
      await probe.logout();
      break;
    } catch (error) {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill('SIGTERM');
        throw new Error(`Dovecot did not start: ${(error as Error).message} (see ${root}/dovecot.log)`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    client: connect,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * The body of POST /api/email-server-config that connects a team to this Dovecot (plaintext IMAP; an SMTP server
 * that is never reached), with any field set otherwise.
 */
export function dovecotMailbox(dovecot: TestDovecot, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    imapHost: dovecot.host,
    imapPort: dovecot.port,
    imapUsername: dovecot.user,
    imapPassword: dovecot.password,
    imapUseSsl: false,
    smtpHost: 'smtp.example.com',
    smtpUsername: 'u',
    smtpPassword: 'p',
    fromEmail: 'support@example.com',
    isActive: true,
    ...overrides,
  };
}
