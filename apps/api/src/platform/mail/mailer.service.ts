import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { isValidEmail } from '@teaminbox/contracts';
import { createTransport, type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { headerText } from './mail-content';
import { ADDRESS_MASK, withoutAddresses } from './without-addresses';

export interface OutgoingMail {
  /** One recipient; must pass isValidEmail (so no header injection is possible through it). */
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** SMTP options from SMTP_URL: smtp://user:pass@host:port (STARTTLS when offered) or smtps:// (TLS). */
export function smtpOptionsFromUrl(smtpUrl: string): SMTPPool.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const user = decodeURIComponent(url.username);
  return {
    pool: true,
    maxConnections: 4,
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: user ? { user, pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

/** A secret token in a link (256 bits, base64url: 43 characters), as login and invitation links carry them. */
const LINK_TOKEN = /\/([A-Za-z0-9_-]{6})[A-Za-z0-9_-]{37}\b/g;

/** The text with every link token cut to its first characters: enough to tell links apart, useless to sign in. */
export function withoutLinkTokens(text: string): string {
  return text.replace(LINK_TOKEN, '/$1…');
}

/**
 * Which connections a message goes over: `account` (login links, invitations: someone is waiting for them) or
 * `notification` (notification emails and digests, which come in bursts). Each lane has its own pool, so a team's
 * burst of notifications never queues a login link or an invitation behind it.
 */
export type MailLane = 'account' | 'notification';

/** Pooled connections per lane. */
const LANE_CONNECTIONS: Record<MailLane, number> = { account: 2, notification: 4 };

/**
 * The product's own outgoing mail (login links, invitations, notifications) through SMTP_URL from MAIL_FROM, over
 * pooled connections, one pool per lane (MailLane). Without SMTP_URL each message is written to the log instead, its
 * recipient and links in full only in development (NODE_ENV=development): anywhere else a logged link would let
 * whoever reads the log sign in, and the log names no one.
 */
@Injectable()
export class MailerService implements OnModuleDestroy {
  private readonly logger = new Logger(MailerService.name);
  private readonly transports: Record<MailLane, Transporter> | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const smtpUrl = config.smtpUrl;
    this.transports = smtpUrl
      ? {
          account: createTransport({ ...smtpOptionsFromUrl(smtpUrl), maxConnections: LANE_CONNECTIONS.account }),
          notification: createTransport({
            ...smtpOptionsFromUrl(smtpUrl),
            maxConnections: LANE_CONNECTIONS.notification,
          }),
        }
      : null;
    if (!this.transports) {
      this.logger.warn(
        config.development
          ? 'SMTP_URL is not set: login links and invitations are written to the log in full (development).'
          : 'SMTP_URL is not set: login links and invitations cannot be delivered; the log shows them without their ' +
              'tokens. Set SMTP_URL (or NODE_ENV=development on a developer machine).',
      );
    }
  }

  /** Sends one message over its lane; rejects when the SMTP server refuses it or cannot be reached. */
  async send(mail: OutgoingMail, lane: MailLane = 'account'): Promise<void> {
    if (!isValidEmail(mail.to)) throw new Error('Refusing to send mail to an invalid address');
    const subject = headerText(mail.subject);
    if (!this.transports) {
      // Outside development the log names nobody: no recipient, no address in the text, no usable link.
      const development = this.config.development;
      const text = development ? mail.text : withoutAddresses(withoutLinkTokens(mail.text));
      const to = development ? mail.to : ADDRESS_MASK;
      this.logger.log(
        `No SMTP_URL set; mail to ${to} not sent. Subject: ${development ? subject : withoutAddresses(subject)}\n${text}`,
      );
      return;
    }
    await this.transports[lane].sendMail({
      from: this.config.mailFrom,
      to: mail.to,
      subject,
      text: mail.text,
      html: mail.html,
    });
  }

  /** Like send, but a failure is logged (without the message body or credentials) instead of thrown. */
  async trySend(mail: OutgoingMail, what: string): Promise<boolean> {
    try {
      await this.send(mail);
      return true;
    } catch (error) {
      const { message, code } = error as Error & { code?: string };
      this.logger.error(`Sending the ${what} failed: ${code ? `${code} ` : ''}${message}`);
      return false;
    }
  }

  onModuleDestroy(): void {
    this.transports?.account.close();
    this.transports?.notification.close();
  }
}
