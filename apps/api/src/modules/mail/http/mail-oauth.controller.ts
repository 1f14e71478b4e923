import { Controller, Get, Param, Query, Redirect, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public, RequireRole, TeamCaller } from '../../../platform/auth';
import { DomainError } from '../../../platform/event-sourcing';
import { MAILBOX_MANAGERS, MAILBOX_TEAM } from './mailbox-team';
import { type OAuthCallbackQuery, MailOAuthService } from '../infrastructure/oauth/mail-oauth.service';
import { OAUTH_CALLBACK_PATH, OAUTH_STATE_TTL_MS, providerFromPath } from '../infrastructure/oauth/oauth-providers';

/** The cookie that binds a consent to the browser that asked for it (HttpOnly, sent only to the callback). */
export const OAUTH_BINDING_COOKIE = 'teaminbox_oauth';

function cookieOf(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** Mailbox OAuth2: the provider's consent URL for the team, and the provider's redirect back. */
@Controller('email-server-config/oauth')
export class MailOAuthController {
  constructor(private readonly oauth: MailOAuthService) {}

  @Get(':provider/url')
  @RequireRole(...MAILBOX_MANAGERS)
  async url(
    @TeamCaller(MAILBOX_TEAM) caller: TeamCaller,
    @Param('provider') segment: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ url: string }> {
    const provider = providerFromPath(segment);
    if (!provider) throw new DomainError('not-found', 'Unknown OAuth2 provider.');
    const { url, binding } = await this.oauth.authorizationUrl(caller, provider);
    res.cookie(OAUTH_BINDING_COOKIE, binding, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.oauth.redirectUri.startsWith('https:'),
      path: OAUTH_CALLBACK_PATH,
      maxAge: OAUTH_STATE_TTL_MS,
    });
    return { url };
  }

  /** Public: the single-use `state` authenticates the request, and the cookie proves it is the same browser. */
  @Public()
  @Get('callback')
  @Redirect()
  async callback(
    @Query() query: OAuthCallbackQuery,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ url: string; statusCode: number }> {
    const binding = cookieOf(req, OAUTH_BINDING_COOKIE);
    res.clearCookie(OAUTH_BINDING_COOKIE, { path: OAUTH_CALLBACK_PATH });
    return { url: await this.oauth.complete(query, binding), statusCode: 302 };
  }
}
