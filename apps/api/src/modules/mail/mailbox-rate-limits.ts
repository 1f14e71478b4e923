import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { IDENTITY_MESSAGES } from '@teaminbox/contracts';
import { ClusterPool } from '../../platform/cluster/cluster-pool';
import { SharedRateLimiter } from '../../platform/rate-limit/rate-limiter';

/** Calls that open connections to the team's mail servers, per team and minute. */
export const MAILBOX_CALL_LIMITS = { fetch: 6, test: 10 } as const;
const WINDOW_MS = 60_000;

/**
 * Per-team limits of POST /emails/fetch and /email-server-config/test: each opens connections to the team's mail
 * servers (or, for a test, to any host the caller names), so a burst of them must not become a scanner or a load on
 * a provider. In memory, like the identity limits (one API process by default).
 */
@Injectable()
export class MailboxRateLimits {
  private readonly limiter: SharedRateLimiter;

  constructor(cluster: ClusterPool) {
    this.limiter = new SharedRateLimiter(cluster.pool);
  }

  /** Counts one call; over the limit it answers 429 with the product's text. */
  async hit(call: keyof typeof MAILBOX_CALL_LIMITS, teamId: string): Promise<void> {
    const key = { key: `mailbox-${call}:${teamId}`, limit: MAILBOX_CALL_LIMITS[call], windowMs: WINDOW_MS };
    if (await this.limiter.hit([key])) return;
    throw new HttpException(
      { success: false, message: IDENTITY_MESSAGES.tooManyAttempts, statusCode: HttpStatus.TOO_MANY_REQUESTS },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
