import { type DynamicModule, Inject, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { FeatureModule } from '../../platform/module-manifest/manifest';
import { secretBoxProvider } from '../../platform/crypto';
import { PersonalDataRegistry } from '../../platform/personal-data';
import { ConversationsModule } from '../conversations';
import { MailboxModule } from '../mail';
import { PreferencesModule } from '../preferences';
import { ScheduledSendsController } from './http/scheduled-sends.controller';
import { SendReplyController } from './http/send-reply.controller';
import {
  EMAIL_COMPOSED_PERSONAL_FIELDS,
  REPLY_FAILED_PERSONAL_FIELDS,
  REPLY_QUEUED_PERSONAL_FIELDS,
} from './domain/reply-personal-fields';
import { JobQueue } from './infrastructure/job-queue';
import { OutboxMetrics } from './infrastructure/outbox-metrics';
import { SendEmailWorker } from './infrastructure/send-email.worker';
import { OutboxStore } from './outbox.store';
import { OUTBOX_MANIFEST } from './outbox.manifest';

export interface OutboxModuleOptions {
  /** Run the send-email worker in this process (default true; the rebuild CLI turns it off). */
  worker?: boolean;
}

const OUTBOX_MODULE_OPTIONS = Symbol('OUTBOX_MODULE_OPTIONS');

/**
 * Sending replies and new conversations through an outbox: SendReply and ComposeEmail decide ReplyQueued, a reaction enqueues a pg-boss job (once per
 * reply, due after the sender's undo window or "send later" time), and the worker sends it over the team's SMTP with
 * retries and records how it ended; until the job starts sending, CancelScheduledSend turns a reply back into a draft.
 */
@FeatureModule(OUTBOX_MANIFEST)
export class OutboxModule implements OnModuleInit, OnModuleDestroy {
  constructor(
    private readonly queue: JobQueue,
    private readonly worker: SendEmailWorker,
    @Inject(OUTBOX_MODULE_OPTIONS) private readonly options: OutboxModuleOptions,
    private readonly personalData: PersonalDataRegistry,
    private readonly outbox: OutboxStore,
  ) {}

  static forRoot(options: OutboxModuleOptions = {}): DynamicModule {
    return {
      module: OutboxModule,
      imports: [MailboxModule, ConversationsModule, PreferencesModule],
      controllers: [SendReplyController, ScheduledSendsController],
      providers: [
        { provide: OUTBOX_MODULE_OPTIONS, useValue: options },
        secretBoxProvider,
        OutboxStore,
        JobQueue,
        OutboxMetrics,
        SendEmailWorker,
      ],
      exports: [JobQueue],
    };
  }

  /**
   * The personal fields of the outbox's events are declared before anything is appended; pg-boss starts (and
   * creates its queue) before the projection runner feeds the reaction.
   */
  async onModuleInit(): Promise<void> {
    this.personalData.declare('EmailComposed', EMAIL_COMPOSED_PERSONAL_FIELDS);
    this.personalData.declare('ReplyQueued', REPLY_QUEUED_PERSONAL_FIELDS);
    this.personalData.declare('ReplyFailed', REPLY_FAILED_PERSONAL_FIELDS);
    this.personalData.onErasure((events, tx) => this.outbox.eraseCopiesOf(events, tx));
    await this.queue.start();
    if (this.options.worker ?? true) await this.queue.workSendEmail((job) => this.worker.run(job));
  }

  /** Stops pg-boss (waiting for a running job) before the DataSource closes. */
  async onModuleDestroy(): Promise<void> {
    await this.queue.stop();
  }
}
