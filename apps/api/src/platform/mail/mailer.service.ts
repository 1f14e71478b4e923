import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { isValidEmail } from '@teaminbox/contracts';
import { createTransport, type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { headerText } from './mail-content';

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

/**
 * The product's own outgoing mail (login links, invitations) through SMTP_URL from MAIL_FROM, over
 * pooled connections. Without SMTP_URL (development) each message is written to the log instead.
 */
@Injectable()
export class MailerService implements OnModuleDestroy {
  private readonly logger = new Logger(MailerService.name);
  private readonly transport: Transporter | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transport = config.smtpUrl ? createTransport(smtpOptionsFromUrl(config.smtpUrl)) : null;
  }

  /** Sends one message; rejects when the SMTP server refuses it or cannot be reached. */
  async send(mail: OutgoingMail): Promise<void> {
    if (!isValidEmail(mail.to)) throw new Error('Refusing to send mail to an invalid address');
    const subject = headerText(mail.subject);
    if (!this.transport) {
      this.logger.log(`No SMTP_URL set; mail to ${mail.to} not sent. Subject: ${subject}\n${mail.text}`);
      return;
    }
    await this.transport.sendMail({
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
    this.transport?.close();
  }
}
