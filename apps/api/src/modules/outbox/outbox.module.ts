import { type DynamicModule, Inject, Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { secretBoxProvider } from '../../platform/crypto';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { IdentityModule } from '../identity';
import { MailConnections, MailboxOAuthTokens } from '../mail';
import { SendReplyHandler } from './commands/send-reply/send-reply.handler';
import { SendReplyController } from './http/send-reply.controller';
import { JobQueue } from './jobs/job-queue';
import { SendEmailWorker } from './jobs/send-email.worker';
import { OutboxStore } from './outbox.store';
import { EnqueueSendEmailReaction } from './reactions/enqueue-send-email.reaction';

export interface OutboxModuleOptions {
  /** Run the send-email worker in this process (default true; the rebuild CLI turns it off). */
  worker?: boolean;
}

const OUTBOX_MODULE_OPTIONS = Symbol('OUTBOX_MODULE_OPTIONS');

/**
 * Sending replies through an outbox: SendReply appends ReplyQueued, a reaction enqueues a pg-boss job in the
 * same transaction as its checkpoint, and the worker sends it over the team's SMTP with retries.
 */
@Module({})
export class OutboxModule implements OnModuleInit, OnModuleDestroy {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly queue: JobQueue,
    private readonly reaction: EnqueueSendEmailReaction,
    private readonly worker: SendEmailWorker,
    @Inject(OUTBOX_MODULE_OPTIONS) private readonly options: OutboxModuleOptions,
  ) {}

  static forRoot(options: OutboxModuleOptions = {}): DynamicModule {
    return {
      module: OutboxModule,
      imports: [IdentityModule],
      controllers: [SendReplyController],
      providers: [
        { provide: OUTBOX_MODULE_OPTIONS, useValue: options },
        secretBoxProvider,
        MailConnections,
        MailboxOAuthTokens,
        OutboxStore,
        JobQueue,
        EnqueueSendEmailReaction,
        SendEmailWorker,
        SendReplyHandler,
      ],
      exports: [JobQueue],
    };
  }

  /** pg-boss starts (and creates its queue) before the projection runner feeds the reaction. */
  async onModuleInit(): Promise<void> {
    await this.queue.start();
    this.runner.registerReaction(this.reaction);
    if (this.options.worker ?? true) await this.queue.workSendEmail((job) => this.worker.run(job));
  }

  /** Stops pg-boss (waiting for a running job) before the DataSource closes. */
  async onModuleDestroy(): Promise<void> {
    await this.queue.stop();
  }
}
