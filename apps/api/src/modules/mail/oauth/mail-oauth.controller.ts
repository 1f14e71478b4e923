import { Controller, Get, Param, Query, Redirect } from '@nestjs/common';
import { Public, TeamCaller } from '../../../platform/auth';
import { DomainError } from '../../../platform/event-sourcing';
import { MAILBOX_TEAM } from '../http/mailbox-team';
import { MailOAuthService } from './mail-oauth.service';
import { providerFromPath } from './oauth-providers';

/** Mailbox OAuth2: the provider's consent URL for the team, and the provider's redirect back. */
@Controller('email-server-config/oauth')
export class MailOAuthController {
  constructor(private readonly oauth: MailOAuthService) {}

  @Get(':provider/url')
  async url(
    @TeamCaller(MAILBOX_TEAM) caller: TeamCaller,
    @Param('provider') segment: string,
  ): Promise<{ url: string }> {
    const provider = providerFromPath(segment);
    if (!provider) throw new DomainError('not-found', 'Unknown OAuth2 provider.');
    return { url: await this.oauth.authorizationUrl(caller, provider) };
  }

  /** Public: the single-use `state` authenticates the request. */
  @Public()
  @Get('callback')
  @Redirect()
  async callback(
    @Query('code') code: unknown,
    @Query('state') state: unknown,
    @Query('error') error: unknown,
  ): Promise<{ url: string; statusCode: number }> {
    return { url: await this.oauth.complete({ code, state, error }), statusCode: 302 };
  }
}
