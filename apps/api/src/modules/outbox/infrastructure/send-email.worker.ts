import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { MailboxSettings, ReplyFailed, ReplyQueued, ReplySent } from '@teaminbox/contracts';
import MailComposer from 'nodemailer/lib/mail-composer';
import type PgBoss from 'pg-boss';
import { SecretBox } from '../../../platform/crypto';
import { withoutAddresses } from '../../../platform/mail';
import { EventSourcedRepository } from '../../../platform/event-sourcing';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port';
import { RequestContext } from '../../../platform/request-context/request-context';
import { emailStreamId } from '../../conversations';
import { describeMailError, MailboxSettingsReader, MailConnections } from '../../mail';
import { RecordDeliveryCommand } from '../commands/record-delivery/record-delivery.command';
import { replyEventIdOf } from '../domain/outbox-events';
import { replyDecider } from '../domain/reply.decider';
import { OutboxStore } from '../outbox.store';
import type { SendEmailJob } from './job-queue';

export const SENT_FOLDER = 'Sent';
/** How long the SMTP server may stay silent, once connected, while it takes a message. */
const SEND_TIMEOUT_MS = 60_000;

/**
 * Runs send-email jobs: builds the message once, sends it over the team's SMTP (host through the SSRF guard,
 * password opened from its sealed form), records ReplySent, then appends the same bytes to the IMAP Sent folder.
 * A failed attempt throws so pg-boss retries it with backoff; after the last one ReplyFailed is recorded.
 */
@Injectable()
export class SendEmailWorker {
  private readonly logger = new Logger(SendEmailWorker.name);

  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly commands: CommandBus,
    private readonly box: SecretBox,
    private readonly outbox: OutboxStore,
    private readonly connections: MailConnections,
    private readonly mailboxes: MailboxSettingsReader,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /**
   * Runs a job in the scope of the ReplyQueued event that decided it (a reaction to it, in its correlation), so that
   * ReplySent and ReplyFailed are caused by it like any other reaction's events; without it (gone), as the system.
   */
  async run(job: PgBoss.JobWithMetadata<SendEmailJob>): Promise<void> {
    const { replyId, emailId } = job.data;
    const stream = await this.store.readStream(emailStreamId(emailId));
    const queued = stream.find(
      (event) => event.type === 'ReplyQueued' && (event.data as { replyId?: string }).replyId === replyId,
    );
    if (!queued) return this.deliver(job);
    return RequestContext.run(RequestContext.ofEvent(queued), () => this.deliver(job));
  }

  private async deliver(job: PgBoss.JobWithMetadata<SendEmailJob>): Promise<void> {
    const { replyId, emailId, teamId } = job.data;
    const stream = emailStreamId(emailId);
    const {
      queued = null,
      finished = false,
      cancelled = false,
    } = (await this.repository.load(stream, replyDecider)).state.replies.get(replyId) ?? {};
    if (finished || cancelled) return;
    if (!queued || queued.teamId !== teamId) {
      this.logger.error(`send-email job ${job.id}: reply ${replyId} is not queued on email ${emailId}`);
      return;
    }
    // Recorded before SMTP sees the reply, against the stream's version: an undo decided first wins (nothing is
    // sent), one decided after is refused (already sent).
    await this.repository.decide(
      stream,
      replyDecider,
      { type: 'StartSending', data: { replyId, emailId, teamId } },
      { teamId, retries: 3, eventIds: () => replyEventIdOf(replyId, 'ReplySendingStarted') },
    );
    if ((await this.repository.load(stream, replyDecider)).state.replies.get(replyId)?.cancelled) return;

    let settings: MailboxSettings | null = null;
    let raw: Buffer;
    try {
      settings = await this.mailboxes.settingsOf(teamId);
      if (!settings) throw new Error('The team has no email server configuration.');
      raw = await this.compose(queued);
      await this.sendSmtp(settings, queued, raw);
    } catch (error) {
      const secret = settings?.smtpPasswordSealed ? this.safeOpen(settings.smtpPasswordSealed) : '';
      const message = describeMailError(error, [secret]);
      if (job.retryCount >= job.retryLimit) {
        const failed: ReplyFailed = {
          replyId,
          emailId,
          teamId,
          messageId: queued.messageId,
          error: message,
          failedAt: new Date().toISOString(),
        };
        await this.commands.execute(new RecordDeliveryCommand({ type: 'ReplyFailed', data: failed }));
      }
      // The log and the job's recorded output name the reply, never an address the server's answer quotes.
      const logged = withoutAddresses(message);
      this.logger.warn(`Sending reply ${replyId} failed (attempt ${job.retryCount + 1}): ${logged}`);
      throw new Error(logged);
    }

    const sent: ReplySent = { replyId, emailId, teamId, messageId: queued.messageId, sentAt: new Date().toISOString() };
    await this.commands.execute(new RecordDeliveryCommand({ type: 'ReplySent', data: sent }));
    await this.copyToSent(settings, raw).catch((error: unknown) =>
      this.logger.warn(
        `Reply ${replyId} was sent but not copied to the Sent folder: ${withoutAddresses(describeMailError(error))}`,
      ),
    );
  }

  private async compose(reply: ReplyQueued): Promise<Buffer> {
    const attachments = await this.outbox.attachmentsOf(reply.replyId);
    const node = new MailComposer({
      from: { name: reply.from.name, address: reply.from.email },
      to: reply.to,
      cc: reply.cc,
      bcc: reply.bcc,
      subject: reply.subject,
      text: reply.text,
      html: reply.html ?? undefined,
      messageId: reply.messageId,
      inReplyTo: reply.inReplyTo ?? undefined,
      references: reply.references,
      date: new Date(),
      attachments: attachments.map((a) => ({ filename: a.fileName, contentType: a.contentType, content: a.content })),
    }).compile();
    node.keepBcc = false;
    return node.build();
  }

  private async sendSmtp(settings: MailboxSettings, reply: ReplyQueued, raw: Buffer): Promise<void> {
    const transport = await this.connections.smtpTransport(settings, SEND_TIMEOUT_MS);
    try {
      await transport.sendMail({
        envelope: { from: reply.from.email, to: [...reply.to, ...reply.cc, ...reply.bcc] },
        raw,
      });
    } finally {
      transport.close();
    }
  }

  /** Appends the sent message, marked \Seen, to the special-use \Sent folder, else 'Sent' (created if missing). */
  private async copyToSent(settings: MailboxSettings, raw: Buffer): Promise<void> {
    const client = await this.connections.connectImap(settings);
    try {
      const folders = await client.list();
      let path = folders.find((folder) => folder.specialUse === '\\Sent')?.path;
      if (!path) {
        path = folders.find((folder) => folder.path.toLowerCase() === SENT_FOLDER.toLowerCase())?.path;
        if (!path) {
          await client.mailboxCreate(SENT_FOLDER);
          path = SENT_FOLDER;
        }
      }
      await client.append(path, raw, ['\\Seen']);
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  private safeOpen(sealed: string): string {
    try {
      return this.box.open(sealed);
    } catch {
      return '';
    }
  }
}
