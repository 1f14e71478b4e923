import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { IDENTITY_MESSAGES, LOGIN_LINK_TTL_MINUTES, type SuccessMessageResponse } from '@teaminbox/contracts';
import { Clock } from '../../../../platform/auth/clock';
import { generateSecretToken } from '../../../../platform/auth/secret-token';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config';
import { MailerService } from '../../../../platform/mail/mailer.service';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { RequestContext } from '../../../../platform/request-context';
import { loginLinkDecider, loginLinkStreamId } from '../../domain/login-link.decider';
import { type DirectoryUser, UserDirectory } from '../../user-directory';
import { SendLoginLinkCommand } from './send-login-link.command';
import { loginLinkMail } from './login-link.mail';

const MINUTE_MS = 60_000;

/**
 * No account enumeration: the answer is the same for known and unknown addresses and is given right
 * after the lookup, on the same path; for a known address the link is then issued (LoginLinkIssued on
 * its own stream, named by the token's hash) and emailed in the background. A failing SMTP server is
 * logged, never reported to the caller.
 */
@CommandHandler(SendLoginLinkCommand)
export class SendLoginLinkHandler
  implements ICommandHandler<SendLoginLinkCommand, SuccessMessageResponse>, OnModuleDestroy
{
  private readonly logger = new Logger(SendLoginLinkHandler.name);
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly directory: UserDirectory,
    private readonly repository: EventSourcedRepository,
    private readonly mailer: MailerService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ email }: SendLoginLinkCommand): Promise<SuccessMessageResponse> {
    const user = await this.directory.byEmail(email);
    if (user) this.track(RequestContext.actAs({ kind: 'user', id: user.id }, () => this.issueAndSend(user)));
    return { success: true, message: IDENTITY_MESSAGES.loginLinkSent };
  }

  /** Lets links being sent finish before the application closes. */
  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private track(task: Promise<void>): void {
    const settled = task.catch((error: unknown) =>
      this.logger.error(`Issuing a login link failed: ${error instanceof Error ? error.message : String(error)}`),
    );
    this.inFlight.add(settled);
    void settled.finally(() => this.inFlight.delete(settled));
  }

  private async issueAndSend(user: DirectoryUser): Promise<void> {
    const { token, hash } = generateSecretToken();
    const expiresAt = new Date(this.clock.now().getTime() + LOGIN_LINK_TTL_MINUTES * MINUTE_MS);
    await this.repository.decide(
      loginLinkStreamId(hash),
      loginLinkDecider,
      { type: 'IssueLoginLink', data: { userId: user.id, tokenHash: hash, expiresAt } },
      { teamId: user.teamId },
    );
    await this.mailer.trySend(loginLinkMail(user.email, `${this.config.publicUrl}/loginLink/${token}`), 'login link');
  }
}
